// euchrekit's browser table: a little vanilla JavaScript, no build step, nothing fetched.
"use strict";
document.addEventListener("DOMContentLoaded", () => {
  // The history panel shows its newest line.
  const log = document.getElementById("log");
  if (log) { log.scrollTop = log.scrollHeight; }
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
  // One click per page: a second click while the page loads would act on an old position.
  for (const form of document.querySelectorAll("form.mine")) {
    form.addEventListener("submit", () => {
      setTimeout(() => {
        for (const b of form.querySelectorAll("button")) { b.disabled = true; }
      }, 0);
    });
  }
});
