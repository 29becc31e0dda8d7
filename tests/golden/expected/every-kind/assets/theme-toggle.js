/* The light/dark switch: an enhancement. Without JavaScript the page follows the system
   setting (prefers-color-scheme). With it, the visitor's choice is kept in localStorage and
   set as <html data-theme> before the first paint by a line in <head>. Choosing the mode the
   system already uses forgets the choice, so the page follows the system again. */
(function () {
  "use strict";
  var KEY = "cvsite-theme";
  var root = document.documentElement;
  var button = document.querySelector("[data-theme-toggle]");
  if (!button || !window.matchMedia) return;
  var system = window.matchMedia("(prefers-color-scheme: dark)");

  function systemMode() { return system.matches ? "dark" : "light"; }
  function currentMode() { return root.dataset.theme || systemMode(); }
  function store(mode) {
    try {
      if (mode) localStorage.setItem(KEY, mode); else localStorage.removeItem(KEY);
    } catch (e) { /* storage refused (private mode): the choice lasts for this page only */ }
  }
  function show() { button.setAttribute("aria-pressed", String(currentMode() === "dark")); }

  button.addEventListener("click", function () {
    var next = currentMode() === "dark" ? "light" : "dark";
    if (next === systemMode()) {
      delete root.dataset.theme;
      store(null);
    } else {
      root.dataset.theme = next;
      store(next);
    }
    show();
  });
  if (system.addEventListener) system.addEventListener("change", show);
  show();
  button.hidden = false;
})();
