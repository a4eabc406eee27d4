// The rules chooser: read every control, send the changes from the base, show what comes back.
"use strict";
(function () {
  const form = document.getElementById("controls");
  const base = form.dataset.base;
  let changes = JSON.parse(form.dataset.changes || "{}");
  let timer = null;
  let asked = 0;

  function intOrNull(text, optional) {
    const t = text.trim();
    if (t === "" && optional) return null;
    if (!/^-?\d+$/.test(t)) return t; // sent as written: the server says what is wrong
    return parseInt(t, 10);
  }

  function cellValue(td) {
    const type = td.dataset.type;
    const input = td.querySelector("input, select");
    if (type === "toggle") return input.checked;
    if (type === "number") return intOrNull(input.value, td.dataset.optional === "1");
    return input.value;
  }

  function valueOf(control) {
    const widget = control.dataset.widget;
    const key = control.dataset.key;
    const el = document.getElementById("c-" + key);
    switch (widget) {
      case "toggle": return el.checked;
      case "number": return intOrNull(el.value, control.dataset.optional === "1");
      case "choice": return el.value;
      case "multi": return Array.from(el.querySelectorAll("input:checked")).map((i) => i.value);
      case "numbers":
        return el.value.split(",").map((s) => s.trim()).filter((s) => s !== "").map((s) => intOrNull(s, false));
      case "rows":
        return Array.from(el.querySelectorAll("tbody tr")).map((tr) => {
          const row = {};
          tr.querySelectorAll("td[data-col]").forEach((td) => {
            const v = cellValue(td);
            if (v !== null) row[td.dataset.col] = v;
          });
          return row;
        });
      default: return el.value;
    }
  }

  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  function readControl(control) {
    const key = control.dataset.key;
    const value = valueOf(control);
    const baseValue = JSON.parse(control.dataset.base);
    const clean = (v) => (Array.isArray(v) ? v.map((r) => (r && typeof r === "object" ? Object.fromEntries(Object.entries(r).filter(([, x]) => x !== null)) : r)) : v);
    if (same(clean(value), clean(baseValue))) delete changes[key];
    else changes[key] = value;
    control.classList.toggle("changed", key in changes);
    return key;
  }

  function sync() {
    const text = JSON.stringify(changes);
    document.querySelectorAll("#download-form input[name=changes]").forEach((i) => (i.value = text));
    const q = "base=" + encodeURIComponent(base) + "&changes=" + encodeURIComponent(text);
    document.getElementById("print-sheet").href = "/sheet?" + q;
    document.getElementById("print-card").href = "/sheet?" + q + "&card=1";
  }

  async function post(url, body) {
    const r = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = await r.json();
    if (!r.ok) throw new Error(data.error || "the server refused the request");
    return data;
  }

  function showProblems(problems, general) {
    form.querySelectorAll(".control").forEach((c) => {
      const list = problems[c.dataset.key] || [];
      c.classList.toggle("has-problem", list.length > 0);
      const box = c.querySelector(".problems");
      box.replaceChildren(...list.map((m) => Object.assign(document.createElement("p"), { className: "problem", textContent: m })));
    });
    const g = document.getElementById("general-problems");
    g.replaceChildren(...general.map((m) => Object.assign(document.createElement("p"), { className: "problem", textContent: m })));
  }

  async function preview() {
    const mine = ++asked;
    const status = document.getElementById("status");
    status.textContent = "Updating…";
    let data;
    try {
      data = await post("/api/preview", { base, changes });
    } catch (e) {
      status.textContent = e.message;
      return;
    }
    if (mine !== asked) return; // a newer change is on its way
    const unknown = Object.keys(data.problems).filter((k) => !form.querySelector('.control[data-key="' + CSS.escape(k) + '"]'));
    showProblems(data.problems, data.general.concat(unknown.flatMap((k) => data.problems[k].map((m) => k + ": " + m))));
    if (!data.ok) {
      status.textContent = "These rules have problems: see the rules marked in red.";
      return;
    }
    const n = data.changed;
    status.textContent = n + " change" + (n === 1 ? "" : "s") + " from " + base;
    document.getElementById("sheet").srcdoc = data.sheet;
    document.getElementById("diff").innerHTML = data.diff;
    document.getElementById("lints").innerHTML = data.lints;
    document.body.dataset.previews = String(Number(document.body.dataset.previews || 0) + 1);
  }

  async function refreshControls() {
    try {
      const data = await post("/api/controls", { base, changes });
      const open = new Set(Array.from(form.querySelectorAll("details[open]")).map((d) => d.id));
      form.innerHTML = data.html;
      form.querySelectorAll("details").forEach((d) => (d.open = open.has(d.id) || d.id !== "group-other"));
    } catch (e) {
      document.getElementById("status").textContent = e.message;
    }
  }

  function changed(event) {
    const control = event.target.closest(".control");
    if (!control) return;
    const key = readControl(control);
    if (control.dataset.kind === "1") {
      // a new kind of rule replaces its whole table: forget the old kind's keys
      const table = key.slice(0, -"kind".length);
      Object.keys(changes).forEach((k) => {
        if (k !== key && k.startsWith(table)) delete changes[k];
      });
      sync();
      refreshControls().then(preview);
      return;
    }
    sync();
    clearTimeout(timer);
    timer = setTimeout(preview, 250);
  }

  form.addEventListener("change", changed);
  form.addEventListener("click", (event) => {
    const t = event.target;
    if (t.classList.contains("row-add")) {
      const body = t.closest(".control").querySelector("tbody");
      const last = body.querySelector("tr:last-child");
      if (last) body.appendChild(last.cloneNode(true));
      changed(event);
    } else if (t.classList.contains("row-remove")) {
      const control = t.closest(".control");
      t.closest("tr").remove();
      changed({ target: control });
    }
  });

  document.getElementById("base").addEventListener("change", (e) => {
    window.location = "/?base=" + encodeURIComponent(e.target.value);
  });

  document.querySelectorAll("[role=tab]").forEach((tab) => {
    tab.addEventListener("click", () => {
      document.querySelectorAll("[role=tab]").forEach((t) => t.setAttribute("aria-selected", String(t === tab)));
      document.querySelectorAll(".tab").forEach((p) => (p.hidden = p.id !== "tab-" + tab.dataset.tab));
    });
  });

  document.getElementById("try").addEventListener("click", async () => {
    const out = document.getElementById("try-result");
    const bar = document.getElementById("try-progress");
    const games = parseInt(document.getElementById("try-games").value, 10);
    out.textContent = "";
    let job;
    try {
      job = await post("/api/try", { base, changes, games });
    } catch (e) {
      out.textContent = e.message;
      return;
    }
    bar.hidden = false;
    bar.max = job.total;
    for (;;) {
      await new Promise((r) => setTimeout(r, 400));
      const r = await fetch("/api/try/" + job.id);
      const data = await r.json();
      bar.value = data.progress || 0;
      if (!r.ok) { out.textContent = data.error; break; }
      if (data.done) {
        bar.hidden = true;
        if (data.error) out.textContent = data.error;
        else out.innerHTML = data.html;
        break;
      }
    }
  });

  sync();
})();
