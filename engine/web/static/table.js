// euchrekit's browser table: a little vanilla JavaScript, no build step, nothing fetched
// from elsewhere.
"use strict";

// What a table's page needs each time it is drawn (at load, and when it redraws itself).
function wire(root) {
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
