"""Publication lists in other scripts (issue 42 point 7): names, titles and keys in Cyrillic
or CJK read as their writers meant, each checked on the lines a real file has.
"""

from __future__ import annotations

from generator.content import bibread
from generator.content.authors import ET_AL, same_person


def _authors(text: str) -> list[str]:
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    return list(paper.authors)


def test_et_al_at_the_end_of_a_name_is_others_in_either_script():
    """bakhteev-papers.bib's bakhteev2021handwritten and бахтеев2022цифровая, as written
    there: the list ends its one name with "et al." or Russian's "и др."; read as BibTeX
    reads it, the words were given names ("Oleg et al. Bakhteev")."""
    text = r"""@inproceedings{bakhteev2021handwritten,
  title={Near-duplicate handwritten document detection without text recognition},
  author =  {Bakhteev, Oleg et al.},
  author_en = {Oleg Bakhteev et al.},
  booktitle={Computational Linguistics and Intellectual Technologies},
  year={2021},
}"""
    assert _authors(text) == ["Oleg Bakhteev", ET_AL]
    text = r"""@article{бахтеев2022цифровая,
  title={Цифровая платформа образования},
  author =  {Бахтеев, Олег и др.},
  journal={Вестник Российского фонда фундаментальных исследований},
  year={2022},
}"""
    assert _authors(text) == ["Олег Бахтеев", ET_AL]


def test_a_name_that_is_only_et_al_or_has_it_inside_is_left_as_written():
    assert _authors("@misc{a, title={T}, author={Doe, Jane and et al.}, year={2020}}") == [
        "Jane Doe",
        "et al.",
    ]
    # "Dr" inside a name, not "и др." at its end
    assert _authors("@misc{a, title={T}, author={Иванов, Др Иван}, year={2020}}") == [
        "Др Иван Иванов"
    ]


def test_al_folios_supplementary_material_is_a_link():
    """bakhteev-papers.bib's grabovoy2021automatic, as written there: al-folio's `supp`
    button (a talk's recording here) was left out."""
    text = r"""@inproceedings{grabovoy2021automatic,
  abbr = {ISP RAS},
  title={The automatic approach for scientific papers dating},
  author={Andrey Grabovoy and Oleg Bakhteev and Yury Chekhovich},
  booktitle={Ivannikov Ispras Open Conference (ISPRAS)},
  year={2021},
  supp={https://www.youtube.com/watch?v=cOM82kHRwkM},
  html={https://ieeexplore.ieee.org/abstract/document/9708686},
}"""
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert ("Supplementary material", "https://www.youtube.com/watch?v=cOM82kHRwkM") in [
        (link.label, link.url) for link in paper.links
    ]


def test_a_cjk_name_written_family_comma_given_reads_family_first():
    """Lines as public biblatex examples write Japanese and Chinese names (a Japanese template's
    `langid = {japanese}` entry; typst-doc-cn's GB/T 7714 guide, which prints the name
    不二咲千尋): BibTeX's `Family, Given` turned round put the given name first (花子 鈴木)."""
    text = r"""@article{suzuki2022,
  title = {オンライン学習における学習者支援に関する研究},
  author = {鈴木, 花子 and 佐藤, 次郎 and Smith, John and Brown, Robert},
  date = {2022},
  journaltitle = {教育システム研究},
  langid = {japanese}
}"""
    assert _authors(text) == ["鈴木花子", "佐藤次郎", "John Smith", "Robert Brown"]
    text = r"""@phdthesis{alterego,
  type = {{超高校级学位论文}},
  title = {{基于图书室的笔记本电脑的 Alter Ego 系统}},
  author = {不二咲, 千尋},
  year = {2010},
  school = {私立希望ヶ峰学園},
}"""
    assert _authors(text) == ["不二咲千尋"]
    # written in reading order, with or without a space, a name stays as written
    assert _authors("@misc{a, title={T}, author={浅原 正幸 and 大村 舞}, year={2016}}") == [
        "浅原 正幸",
        "大村 舞",
    ]


def test_the_owner_is_found_in_a_cjk_name_with_or_without_its_space():
    assert same_person("浅原 正幸", "浅原正幸") and same_person("不二咲千尋", "不二咲, 千尋")
    assert not same_person("浅原", "浅原正幸")  # the family name alone is someone else
    assert not same_person("李四", "李增鹏")


def test_a_paper_the_list_marks_invited_says_so():
    """koyama-ja.bib's Koyama:JAES2023 and Nakajima:APSIPA2016, as written there: `invite =
    {1}` or `{2}` is his page's "[Invited]"; it was left out, then written into the note in
    English whatever the page's language."""
    text = r"""@article{Koyama:JAES2023,
  author = {Shoichi Koyama and Keisuke Kimura and Natsuki Ueno},
  title = {Weighted Pressure and Mode Matching for Sound Field Reproduction:
    Theoretical and Experimental Comparisons},
  journal = {Journal of the Audio Engineering Society},
  volume = {71},
  number = {4},
  pages = {173-185},
  year = {2023},
  category = {Journal Papers},
  lang = {en},
  invite = {1},
}"""
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert (paper.invited, paper.note) == (True, None)
    text = text.replace("{1}", "{2}").replace("lang = {en},", "note = {Keynote},")
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert (paper.invited, paper.note) == (True, "Keynote")
    text = text.replace("{2}", "{0}")
    paper = bibread.load_publications(text, "refs.bib")[0][0][1]
    assert (paper.invited, paper.note) == (False, "Keynote")
