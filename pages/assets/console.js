// The console's live pages: when one of the host's events arrives, the page's main part is fetched
// again and put in place, so a code going on the lock or a lamp switched shows without a reload.
// Without this script (or EventSource) the pages work the same; they are only not live.
(function () {
  "use strict";
  var main = document.getElementById("main");
  var types = (document.body.getAttribute("data-live") || "").split(" ").filter(Boolean);
  if (!main || types.length === 0 || !window.EventSource || !window.fetch || !window.DOMParser) return;

  var waiting = null;
  var fetching = false;

  // Someone typing into a form keeps what they typed: the page is brought up to date after.
  function busy() {
    var focused = document.activeElement;
    return focused && main.contains(focused) && /^(INPUT|SELECT|TEXTAREA)$/.test(focused.tagName) && focused.type !== "hidden";
  }

  // What the page says once (a form's outcome, a link made to copy) is not in a page fetched again:
  // it stays until the host leaves the page.
  function keepShownOnce(fresh) {
    var notice = document.getElementById("notice");
    if (notice && !fresh.querySelector("#notice")) fresh.insertBefore(notice.cloneNode(true), fresh.firstChild);
    var made = document.getElementById("made-link");
    var section = made && made.closest("section");
    var place = section && fresh.querySelector("section[aria-labelledby='" + section.getAttribute("aria-labelledby") + "']");
    if (place && !fresh.querySelector("#made-link")) place.replaceWith(section.cloneNode(true));
  }

  function refresh() {
    waiting = null;
    if (fetching) { soon(); return; }
    if (busy()) { soon(1000); return; }
    fetching = true;
    fetch(location.href, { credentials: "same-origin", headers: { Accept: "text/html" }, redirect: "manual" })
      .then(function (answer) { return answer.ok ? answer.text() : null; })
      .then(function (html) {
        if (!html || busy()) return;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("main");
        if (fresh) {
          keepShownOnce(fresh);
          main.replaceWith(document.adoptNode(fresh));
          main = document.getElementById("main");
          document.body.setAttribute("data-updated", String(Date.now()));
        }
      })
      .catch(function () {})
      .then(function () { fetching = false; });
  }

  // Events often come in bursts (a booking, its code, its conversation): one fetch for a burst.
  function soon(delay) {
    if (waiting === null) waiting = setTimeout(refresh, delay || 250);
  }

  var source = new EventSource("/console/events");
  types.forEach(function (type) { source.addEventListener(type, function () { soon(); }); });
})();
