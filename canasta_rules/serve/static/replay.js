// Stepping through a replayed record: one position after each turn, drawn from plain data.
"use strict";
(function () {
  const steps = JSON.parse(document.getElementById("steps-data").textContent);
  const slider = document.getElementById("slider");
  const table = document.getElementById("table");
  let at = 0;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function cards(list) {
    const span = el("span", "cards");
    list.forEach((c) => span.appendChild(el("span", "card " + (/[\u2665\u2666]$/.test(c) ? "red" : "black"), c)));
    return span;
  }

  function draw() {
    const s = steps[at];
    const t = s.table;
    slider.value = at;
    const where = s.turn === 0 ? "Hand " + s.hand + ": the deal" : "Hand " + s.hand + ", turn " + s.turn;
    document.getElementById("where").textContent = where + " (step " + (at + 1) + " of " + steps.length + ")";
    document.getElementById("turn-text").textContent = s.text || "";
    document.getElementById("turn-words").textContent = s.turn === 0 ? "The cards are dealt." : (s.words ? s.words + "." : "");
    table.replaceChildren();
    const centre = el("div", "centre");
    centre.appendChild(el("p", "", "Stock: " + t.stock + " cards. Pile: " + t.pile_size + " cards" + (t.pile_top ? ", " + t.pile_top + " on top" : "") + (t.frozen ? " (frozen)" : "") + "."));
    centre.appendChild(el("p", "", t.over ? "The hand is over: " + t.end + "." : t.to_move + " to play."));
    table.appendChild(centre);
    const hands = el("div", "hands");
    t.hands.forEach((h) => {
      const box = el("div", "hand");
      box.appendChild(el("h3", "", h.seat + " (" + h.count + " cards)"));
      box.appendChild(cards(h.cards));
      hands.appendChild(box);
    });
    table.appendChild(hands);
    const sides = el("div", "sides");
    t.sides.forEach((side) => {
      const box = el("div", "side");
      box.appendChild(el("h3", "", side.side + " (score before this hand: " + side.score + ")"));
      if (side.red_threes.length) {
        const p = el("p", "", "Red threes: ");
        p.appendChild(cards(side.red_threes));
        box.appendChild(p);
      }
      if (!side.melds.length) box.appendChild(el("p", "quiet", "No melds yet."));
      side.melds.forEach((m) => {
        const p = el("p", m.canasta ? "meld canasta" : "meld", m.title + (m.canasta ? " (canasta): " : ": "));
        p.appendChild(cards(m.cards));
        box.appendChild(p);
      });
      sides.appendChild(box);
    });
    table.appendChild(sides);
    if (s.score.length) {
      const sc = el("table", "score");
      s.score.forEach((row, i) => {
        const tr = el("tr");
        row.forEach((cell) => tr.appendChild(el(i === 0 ? "th" : "td", "", cell)));
        sc.appendChild(tr);
      });
      table.appendChild(el("h3", "", "The hand's score"));
      table.appendChild(sc);
    }
  }

  function go(i) {
    at = Math.max(0, Math.min(steps.length - 1, i));
    draw();
  }

  document.getElementById("first").addEventListener("click", () => go(0));
  document.getElementById("prev").addEventListener("click", () => go(at - 1));
  document.getElementById("next").addEventListener("click", () => go(at + 1));
  document.getElementById("last").addEventListener("click", () => go(steps.length - 1));
  slider.addEventListener("input", () => go(parseInt(slider.value, 10)));
  document.addEventListener("keydown", (e) => {
    if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") return;
    if (e.key === "ArrowRight") go(at + 1);
    if (e.key === "ArrowLeft") go(at - 1);
  });
  go(document.getElementById("replay-error") ? steps.length - 1 : 0);
})();
