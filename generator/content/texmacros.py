"""TeX macros that physics and astronomy bibliographies use, as plain TeX, and their expansion.

INSPIRE keeps titles with the macros of hepunits (`\\TeV`), heppennames and pdgparticles
(`\\PW`), the CMS and ATLAS definitions (`\\ttbar`), LHCb's symbols (`\\jpsi`); NASA ADS
gives journals as AAS macros (`\\apj`). Each is mapped to TeX that latex2mathml knows and
that the .bib decoder reads as text. A site's own macros (site.yaml `math: macros:`) win
over these, as KaTeX's do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping


# Particles of heppennames/pdgparticles: (macro, TeX of the symbol). A macro's `A` form is
# the antiparticle (a bar over the symbol), as the packages name them.
def _upright(text: str) -> str:
    return "\\mathrm{" + text + "}"


def _barred(tex: str) -> str:
    return "\\overline{" + tex + "}"


# Each named for its symbol, the name's last letter (`PQt` is the top quark, t).
_PARTICLES = ("Pp", "Pn", "Pe", "PW", "PZ", "PH", "Pg", "PQt", "PQb", "PQc", "PQs", "PQu")
_PARTICLES += ("PQd", "PQq", "PB", "PD", "PK")
_GREEK = {
    "Pgm": r"\mu",
    "Pgt": r"\tau",
    "Pgg": r"\gamma",
    "Pgn": r"\nu",
    "Pgp": r"\pi",
    "Pgh": r"\eta",
    "Pgr": r"\rho",
    "Pgf": r"\phi",
    "Pgo": r"\omega",
    "Pgy": r"\psi",
    "PgL": r"\Lambda",
    "PgS": r"\Sigma",
    "PgX": r"\Xi",
    "PgO": r"\Omega",
    "PgU": r"\Upsilon",
}


_CMS_OLD_NAMES = {
    "cPgn": "Pgn",
    "cPagn": "PAgn",
    "cPgg": "Pgg",
    "cPJgy": "PJGy",
    "cPZ": "PZ",
    "cPZpr": "PZpr",
    "cPg": "Pg",
    "cPq": "PQq",
    "cPaq": "PAQq",
    **{"cPq" + q: "PQ" + q for q in "tbcsud"},
    **{"cPaq" + q: "PAQ" + q for q in "tbcsud"},
}


def _particles() -> dict[str, str]:
    table: dict[str, str] = {}
    for name in _PARTICLES:
        table[name] = _upright(name[-1])
        table["PA" + name[1:]] = _barred(_upright(name[-1]))
    for name, symbol in _GREEK.items():
        table[name] = symbol
        table["PG" + name[2:]] = symbol  # heppennames2 spells Greek with a capital G
        table["PA" + name[1:]] = _barred(symbol)
    for name, symbol in {**table}.items():  # charges: p (plus), m (minus), pm, z (zero)
        if name.startswith(("PA", "PQ")) or name in ("Pp", "Pn", "Pg", "PH", "Pgg", "PGg"):
            continue
        table[name + "p"] = symbol + "^{+}"
        table[name + "m"] = symbol + "^{-}"
        table[name + "pm"] = symbol + r"^{\pm}"
        table[name + "z"] = symbol + "^{0}"
    table["PHpm"] = r"\mathrm{H}^{\pm}"
    table["PHz"] = r"\mathrm{H}^{0}"
    table["PWpr"] = r"\mathrm{W}^{\prime}"
    table["PZpr"] = r"\mathrm{Z}^{\prime}"
    table["PBzs"] = r"\mathrm{B}^{0}_{\mathrm{s}}"
    table["PBs"] = r"\mathrm{B}_{\mathrm{s}}"
    table["PBc"] = r"\mathrm{B}_{\mathrm{c}}"
    table["PDs"] = r"\mathrm{D}_{\mathrm{s}}"
    table["PKzS"] = r"\mathrm{K}^{0}_{\mathrm{S}}"
    table["PKzL"] = r"\mathrm{K}^{0}_{\mathrm{L}}"
    table["PgLb"] = r"\Lambda_{\mathrm{b}}"
    table["PgLc"] = r"\Lambda_{\mathrm{c}}"
    table["PJGy"] = r"\mathrm{J}/\psi"
    table["JPsi"] = r"\mathrm{J}/\psi"
    table["Jpsi"] = r"\mathrm{J}/\psi"
    table["PgUa"] = r"\Upsilon\mathrm{(1S)}"
    table["PgUb"] = r"\Upsilon\mathrm{(2S)}"
    table["PgUc"] = r"\Upsilon\mathrm{(3S)}"
    table["PGUa"], table["PGUb"], table["PGUc"] = table["PgUa"], table["PgUb"], table["PgUc"]
    table["Pgpz"] = r"\pi^{0}"
    table["Pgne"] = r"\nu_{\mathrm{e}}"
    table["Pgngm"] = r"\nu_{\mu}"
    table["Pgngt"] = r"\nu_{\tau}"
    table["Pq"] = _upright("q")  # heppennames' generic quark, as ptdr-definitions also names it
    table["PAq"] = _barred(_upright("q"))
    table["PV"] = _upright("V")  # ptdr-definitions' generic vector boson
    # Older CMS papers spell particles with a `c` (`\\cPqb`, `\\cPZ`); ptdr-definitions
    # keeps them as the heppennames names they stand for.
    for old, new in _CMS_OLD_NAMES.items():
        table[old] = table[new]
    table["cPKstz"] = r"\mathrm{K}^{*0}"
    # Supersymmetric partners (heppennames' `PS` names): a tilde over the particle.
    table["PSg"] = r"\tilde{\mathrm{g}}"
    table["PSQ"] = r"\tilde{\mathrm{q}}"
    table["PSQt"] = r"\tilde{\mathrm{t}}"
    table["PSQb"] = r"\tilde{\mathrm{b}}"
    table["PSGt"] = r"\tilde{\tau}"
    table["PSGc"] = r"\tilde{\chi}"
    table["PSGczDo"] = r"\tilde{\chi}^{0}_{1}"
    table["PSGczDt"] = r"\tilde{\chi}^{0}_{2}"
    table["PSGcpmDo"] = r"\tilde{\chi}^{\pm}_{1}"
    return table


# hepunits and the CMS/ATLAS unit macros: a thin space, then the unit upright. CMS's `ns`
# forms (`\\TeVns`) leave the space out; its `c` forms are momenta (`\\GeVc`, GeV/c) and
# `cc` forms masses (`\\GeVcc`, GeV/c²).
_UNITS = ("eV", "keV", "MeV", "GeV", "TeV", "PeV", "fb", "pb", "nb", "mb", "cm", "mm", "ns", "ps")
_ENERGIES = ("keV", "MeV", "GeV", "TeV")
_PER_UNIT = {"fbinv": "fb", "pbinv": "pb", "nbinv": "nb", "ifb": "fb", "ipb": "pb", "invfb": "fb"}

# The CMS (ptdr-definitions) and ATLAS (atlasphysics) definitions titles use.
_DEFINITIONS = {
    "ttbar": r"\mathrm{t}\overline{\mathrm{t}}",
    "bbbar": r"\mathrm{b}\overline{\mathrm{b}}",
    "ccbar": r"\mathrm{c}\overline{\mathrm{c}}",
    "qqbar": r"\mathrm{q}\overline{\mathrm{q}}",
    "tbar": r"\overline{\mathrm{t}}",
    "bbar": r"\overline{\mathrm{b}}",
    "ttH": r"\mathrm{t}\overline{\mathrm{t}}\mathrm{H}",
    "ttZ": r"\mathrm{t}\overline{\mathrm{t}}\mathrm{Z}",
    "ttW": r"\mathrm{t}\overline{\mathrm{t}}\mathrm{W}",
    "pt": r"p_{\mathrm{T}}",
    "pT": r"p_{\mathrm{T}}",
    "ET": r"E_{\mathrm{T}}",
    "HT": r"H_{\mathrm{T}}",
    "MT": r"M_{\mathrm{T}}",
    "mT": r"m_{\mathrm{T}}",
    "ptmiss": r"p_{\mathrm{T}}^{\text{miss}}",
    "ptvecmiss": r"\vec{p}_{\mathrm{T}}^{\text{miss}}",
    "MET": r"E_{\mathrm{T}}^{\text{miss}}",
    "met": r"E_{\mathrm{T}}^{\text{miss}}",
    "sqrts": r"\sqrt{s}",
    "rts": r"\sqrt{s}",
    "sqrtsNN": r"\sqrt{s_{_{\mathrm{NN}}}}",
    "sqrtsnn": r"\sqrt{s_{_{\mathrm{NN}}}}",
    "PbPb": r"\mathrm{PbPb}",
    "pPb": r"\mathrm{pPb}",
    "CL": r"\text{CL}",
    "abs": r"\left|#1\right|",
    "Zboson": r"\mathrm{Z}",
    "Wboson": r"\mathrm{W}",
    "Hboson": r"\mathrm{H}",
    "antibar": r"\overline{#1}",
    "cmsSymbolFace": r"\mathrm{#1}",
    "unit": r"\,\mathrm{#1}",
}

# LHCb's particle names (lhcb-symbols-def.tex, which LHCb papers and INSPIRE's copies of
# their titles use), in its italic style, and its `\\decay{B}{products}`.
_LHCB = {
    "jpsi": r"J/\psi",
    "psitwos": r"\psi(2S)",
    "Bd": "B^{0}",
    "Bz": "B^{0}",
    "Bs": "B^{0}_{s}",
    "Bu": "B^{+}",
    "Bp": "B^{+}",
    "Bm": "B^{-}",
    "Bc": "B_{c}^{+}",
    "Lb": r"\Lambda^{0}_{b}",
    "Lc": r"\Lambda^{+}_{c}",
    "Dz": "D^{0}",
    "Dp": "D^{+}",
    "Dm": "D^{-}",
    "Ds": "D^{+}_{s}",
    "KS": "K^{0}_{S}",
    "KL": "K^{0}_{L}",
    "Kstarz": "K^{*0}",
    "Kp": "K^{+}",
    "Km": "K^{-}",
    "pip": r"\pi^{+}",
    "pim": r"\pi^{-}",
    "piz": r"\pi^{0}",
    "mup": r"\mu^{+}",
    "mun": r"\mu^{-}",
    "mumu": r"\mu^{+}\mu^{-}",
    "epem": "e^{+}e^{-}",
    "proton": "p",
    "decay": r"#1\to #2",
}

# AAS journal macros (aastex, as NASA ADS exports give them): the journal's abbreviation.
JOURNALS = {
    "aj": "AJ",
    "aplett": "Astrophys. Lett.",
    "apspr": "Astrophys. Space Phys. Res.",
    "actaa": "Acta Astron.",
    "araa": "ARA&A",
    "apj": "ApJ",
    "apjl": "ApJL",
    "apjs": "ApJS",
    "ao": "Appl. Opt.",
    "applopt": "Appl. Opt.",
    "apss": "Ap&SS",
    "aap": "A&A",
    "aapr": "A&A Rev.",
    "aaps": "A&AS",
    "azh": "AZh",
    "baas": "BAAS",
    "bac": "Bull. Astron. Inst. Czechoslovakia",
    "bain": "Bull. Astron. Inst. Netherlands",
    "caa": "Chinese Astron. Astrophys.",
    "cjaa": "Chinese J. Astron. Astrophys.",
    "fcp": "Fund. Cosmic Phys.",
    "gca": "Geochim. Cosmochim. Acta",
    "iaucirc": "IAU Circ.",
    "icarus": "Icarus",
    "jcap": "JCAP",
    "jcp": "J. Chem. Phys.",
    "jqsrt": "J. Quant. Spectrosc. Radiat. Transfer",
    "jgr": "J. Geophys. Res.",
    "grl": "Geophys. Res. Lett.",
    "jrasc": "JRASC",
    "memras": "MmRAS",
    "memsai": "Mem. Soc. Astron. Italiana",
    "mnras": "MNRAS",
    "na": "New A",
    "nar": "New A Rev.",
    "nat": "Nature",
    "nphysa": "Nucl. Phys. A",
    "pasa": "PASA",
    "pasj": "PASJ",
    "pasp": "PASP",
    "physrep": "Phys. Rep.",
    "physscr": "Phys. Scr.",
    "planss": "Planet. Space Sci.",
    "pra": "Phys. Rev. A",
    "prb": "Phys. Rev. B",
    "prc": "Phys. Rev. C",
    "prd": "Phys. Rev. D",
    "pre": "Phys. Rev. E",
    "prl": "Phys. Rev. Lett.",
    "procspie": "Proc. SPIE",
    "psj": "PSJ",
    "qjras": "QJRAS",
    "rmxaa": "Rev. Mexicana Astron. Astrofis.",
    "skytel": "S&T",
    "solphys": "Sol. Phys.",
    "sovast": "Soviet Ast.",
    "ssr": "Space Sci. Rev.",
    "zap": "ZAp",
}


def _table() -> dict[str, str]:
    table = _particles()
    for unit in _UNITS:
        table[unit] = "\\," + _upright(unit)
    for name, unit in _PER_UNIT.items():
        table[name] = "\\," + _upright(unit) + "^{-1}"
    for unit in _ENERGIES:
        for suffix, per in (("c", "/c"), ("cc", "/c^{2}")):
            table[unit + suffix] = "\\," + _upright(unit) + per
            table[unit + suffix + "ns"] = _upright(unit) + per
        table[unit + "ns"] = _upright(unit)
    table.update(_DEFINITIONS)
    table.update(_LHCB)
    for name, journal in JOURNALS.items():
        table[name] = "\\text{" + journal.replace("&", "\\&") + "}"
    return table


BUILT_IN: dict[str, str] = _table()
# A macro's name as written in site.yaml: `\RR` or `RR`, letters only, as TeX's.
MACRO_NAME = re.compile(r"^\\?[A-Za-z]+$")
_PARAMETER = re.compile(r"#([1-9])")
_CALL = re.compile(r"\\([A-Za-z]+)")
# Enough for macros built of macros; a macro that calls itself stops here.
_MAX_ROUNDS = 8
_MAX_LENGTH = 20_000


class MacroError(ValueError):
    """A macro that cannot be expanded (one that calls itself, or grows without end)."""


def arity(body: str) -> int:
    """How many arguments a macro takes: its highest `#n`, as KaTeX counts them."""
    return max((int(n) for n in _PARAMETER.findall(body)), default=0)


def _argument(text: str, at: int) -> tuple[str, int] | None:
    """The argument starting at `at` (after spaces): a braced group's inside, or one token."""
    while at < len(text) and text[at] == " ":
        at += 1
    if at >= len(text):
        return None
    if text[at] == "{":
        depth = 0
        for end in range(at, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0:
                return text[at + 1 : end], end + 1
        return None
    if text[at] == "\\":
        match = _CALL.match(text, at)
        end = match.end() if match else at + 2
        return text[at:end], end
    return text[at], at + 1


def expand(tex: str, macros: Mapping[str, str]) -> str:
    """`tex` with every call of `macros` (name -> body with #1…#9) replaced by its body.
    Raises MacroError for a macro that expands without end."""
    for _ in range(_MAX_ROUNDS):
        if "\\" not in tex:
            return tex
        expanded = _expand_once(tex, macros)
        if expanded == tex:
            return tex
        if len(expanded) > _MAX_LENGTH:
            raise MacroError("its macros expand to more than cvsite converts")
        tex = expanded
    if _expand_once(tex, macros) != tex:
        raise MacroError("a macro in it calls itself")
    return tex


def _expand_once(tex: str, macros: Mapping[str, str]) -> str:
    out, position = [], 0
    for match in _CALL.finditer(tex):
        if match.start() < position or match.group(1) not in macros:
            continue
        if match.start() > 0 and tex[match.start() - 1] == "\\":  # `\\PW` is a line break
            continue
        body = macros[match.group(1)]
        end, arguments = match.end(), []
        for _ in range(arity(body)):
            found = _argument(tex, end)
            if found is None:
                break
            arguments.append(found[0])
            end = found[1]
        else:
            out.append(tex[position : match.start()])
            out.append(_substituted(body, arguments))
            position = end
    out.append(tex[position:])
    return "".join(out)


def _substituted(body: str, arguments: list[str]) -> str:
    return _PARAMETER.sub(lambda m: arguments[int(m.group(1)) - 1], body)


def macro_problem(name: str, body: str) -> str | None:
    """What is wrong with a site's macro (a name as TeX's, `\\RR` or `RR`; a body with
    balanced braces), or None."""
    if not MACRO_NAME.match(name):
        return f"{name!r} is not a TeX macro name (expected a backslash and letters, e.g. \\RR)"
    if not balanced(body):
        return f"the body of {name!r} has unbalanced braces (expected TeX such as \\mathbb{{R}})"
    return None


_BRACES = re.compile(r"[{}]")


def balanced(text: str) -> bool:
    """Whether every brace in `text` closes one opened before it, and all are closed."""
    depth = 0
    for brace in _BRACES.findall(text):
        depth += 1 if brace == "{" else -1
        if depth < 0:
            return False
    return depth == 0


def site_macros(macros: Mapping[str, str]) -> dict[str, str]:
    """The built-in macros with the site's own (`\\RR` or `RR` -> body) over them."""
    return {**BUILT_IN, **{name.lstrip("\\"): body for name, body in macros.items()}}
