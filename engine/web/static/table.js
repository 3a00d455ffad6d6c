// euchrekit's browser table: a little vanilla JavaScript, no build step, nothing fetched
// from elsewhere.
"use strict";

// The bots' cards appear one at a time (half a second each unless the page's "Bots" setting
// says otherwise): the cards of the trick and of the last trick this page has not shown yet
// (each has an id, data-play) are hidden, then shown in the order they were played; the
// choices wait for them. The ids shown are kept for the tab (sessionStorage).
const DELAY_KEY = "euchrekit-delay";
function delay() {
  const told = Number(localStorage.getItem(DELAY_KEY));
  return Number.isFinite(told) && localStorage.getItem(DELAY_KEY) !== null ? told : 500;
}
let revealing = null;
function reveal(table) {
  if (revealing) { clearInterval(revealing); revealing = null; }
  const key = "euchrekit-seen:" + location.pathname;
  let seen;
  try { seen = new Set(JSON.parse(sessionStorage.getItem(key) || "[]")); } catch (e) { seen = new Set(); }
  const figures = [...table.querySelectorAll(".last figure[data-play]"),
                   ...table.querySelectorAll(".trick figure[data-play]")];
  const mine = "-" + table.dataset.seat + "-";
  const fresh = seen.size ? figures.filter((f) => !seen.has(f.dataset.play)
                                           && !f.dataset.play.includes(mine)) : [];
  const ids = figures.map((f) => f.dataset.play);
  sessionStorage.setItem(key, JSON.stringify([...new Set([...seen, ...ids])].slice(-80)));
  const wait = delay();
  if (!wait || !fresh.length) { return; }
  for (const f of fresh) { f.classList.add("pending"); }
  table.classList.add("revealing");
  revealing = setInterval(() => {
    const next = fresh.shift();
    if (next) { next.classList.remove("pending"); }
    if (!fresh.length) {
      clearInterval(revealing);
      revealing = null;
      table.classList.remove("revealing");
    }
  }, wait);
}

// What a table's page needs each time it is drawn (at load, and when it redraws itself).
function wire(root) {
  const table = root.id === "table" ? root : root.querySelector("#table");
  if (table) { reveal(table); }
  const speed = root.querySelector("#delay");
  if (speed) {
    speed.value = String(delay());
    speed.addEventListener("change", () => { localStorage.setItem(DELAY_KEY, speed.value); });
  }
  // The history panel shows its newest line.
  const log = root.querySelector("#log");
  if (log) { log.scrollTop = log.scrollHeight; }
  // One click per page: a second click while the page loads would act on an old position.
  for (const form of root.querySelectorAll("form.mine")) {
    form.addEventListener("submit", () => {
      setTimeout(() => {
        for (const b of form.querySelectorAll("button")) { b.disabled = true; }
      }, 0);
    });
  }
}

// A table shared by several people redraws itself when anyone acts: the server tells each
// new version of the table by server-sent events (the page then fetches itself again and
// swaps its #table); where the events fail, the page asks for the version every 2 s.
function listen(table) {
  let version = table.dataset.version;
  let fetching = false;
  const redraw = (told) => {
    if (String(told) === version || fetching) { return; }
    fetching = true;
    fetch(location.pathname, { cache: "no-store", credentials: "same-origin" })
      .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
      .then((text) => {
        const fresh = new DOMParser().parseFromString(text, "text/html").getElementById("table");
        const old = document.getElementById("table");
        if (fresh && old) {
          old.replaceWith(fresh);
          version = fresh.dataset.version;
          wire(fresh);
        }
      })
      .catch(() => {})
      .finally(() => { fetching = false; });
  };
  let polling = null;
  const poll = () => {
    if (polling) { return; }
    polling = setInterval(() => {
      fetch(table.dataset.poll, { cache: "no-store", credentials: "same-origin" })
        .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
        .then((text) => redraw(text.trim()))
        .catch(() => {});
    }, 2000);
  };
  if (!window.EventSource) { poll(); return; }
  const events = new EventSource(table.dataset.events);
  events.onmessage = (e) => redraw(e.data);
  events.onerror = () => { if (events.readyState === EventSource.CLOSED) { poll(); } };
}

document.addEventListener("DOMContentLoaded", () => {
  wire(document);
  // A chosen file is read into the text area beside it (the form then posts the text).
  for (const input of document.querySelectorAll("input[type=file][data-fills]")) {
    input.addEventListener("change", () => {
      const file = input.files && input.files[0];
      if (!file) { return; }
      const target = document.getElementById(input.dataset.fills);
      const name = input.dataset.name && document.getElementById(input.dataset.name);
      if (name) { name.value = file.name; }
      file.text().then((text) => { target.value = text; });
    });
  }
  const table = document.getElementById("table");
  if (table && table.dataset.events) { listen(table); }
});
