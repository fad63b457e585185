// The card table's front end (an anywidget): draws the JSON model that Python sends in the
// `table` trait and sends every action back as a custom message. It holds no game logic.
//
// Accessibility, by construction:
// - one live region (role="status") made once and only its text changed afterwards;
// - section titles are headings; every control is a <button> with a name in words;
// - cards that may not be played now are aria-disabled (still focusable) with the reason as
//   their description, and the controller refuses them in words if pressed anyway;
// - the board is a WAI-ARIA grid: one Tab stop, arrow keys, Home/End, Enter or Space to place,
//   digits jump to a square;
// - focus survives every redraw (same control, else the same place in its group);
// - the keyboard stays in the table: the arrow keys, Home, End, Page Up and Page Down move
//   within a group (the hand, the choices, the buttons; the board is a grid of its own) and never
//   reach JupyterLab (which would move to another cell or scroll the notebook);
// - a table takes the focus when its cell has just run, unless the learner is typing elsewhere.

function h(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "true" : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child);
  }
  return node;
}

// Ids unique on the page: JupyterLab may load this module once per table, so a counter alone
// would repeat (and aria-labelledby would point into another table).
const PAGE = Math.random().toString(36).slice(2, 8);
let uid = 0;
const nextId = (prefix) => `nn-${PAGE}-${prefix}-${++uid}`;

// --- cards ----------------------------------------------------------------------------------

function faceParts(card) {
  // What the eye sees; hidden from screen readers, which hear the card's name once.
  return [
    h("span", { class: "nn-rank", "aria-hidden": "true", text: card.rank }),
    h("span", { class: "nn-symbol", "aria-hidden": "true", text: card.symbol }),
    h("span", { class: "nn-suitname", "aria-hidden": "true", text: card.suit }),
  ];
}

function cardClasses(card, extra) {
  return ["nn-card", `nn-${card.colour}`, card.small ? "nn-small" : "", extra || ""].join(" ");
}

function cardImage(card, extra) {
  return h("div", { class: cardClasses(card, extra), role: "img", "aria-label": card.label },
    faceParts(card));
}

function cardButton(card, send, words) {
  const describedBy = card.reason ? nextId("why") : null;
  const classes = cardClasses(card, [card.playable ? "nn-playable" : "nn-unplayable",
    card.selected ? "nn-selected" : ""].join(" "));
  const button = h("button", {
    class: classes, type: "button", "aria-label": card.label,
    // No title that repeats the name: a screen reader would read it again as the description.
    "aria-disabled": card.playable ? null : "true", "aria-describedby": describedBy,
    title: card.reason || null,
    "data-focus": `card:${card.id}`, "data-group": "hand",
    onclick: () => send({ action: "card", card: card.id }),
  }, faceParts(card));
  // The badges are seen; a screen reader hears ", selected" in the name and the reason instead.
  const badge = (cls, text) => h("span", { class: cls, "aria-hidden": "true", text });
  if (card.selected) button.append(badge("nn-chosen", words.chosen));
  if (!card.playable) button.append(badge("nn-not-now", words.not_now));
  const parts = [button];
  if (describedBy) parts.push(h("span", { id: describedBy, class: "nn-hidden", text: card.reason }));
  return parts;
}

// --- parts of every table ---------------------------------------------------------------------

function buttonRow(buttons, send, group) {
  return h("div", { class: "nn-buttons" }, buttons.map((b) => h("button", {
    type: "button", class: `nn-button ${b.primary ? "nn-primary" : ""}`,
    title: b.hint || null,
    "data-focus": `button:${b.id}`, "data-group": group,
    onclick: () => send({ action: "button", id: b.id }),
    text: b.label,
  })));
}

function section(title, className, ...content) {
  const id = nextId("h");
  return h("section", { class: className, "aria-labelledby": id },
    h("h3", { id, class: "nn-heading", text: title }), ...content);
}

function seatList(seats, seating, words) {
  const n = seats.length;
  const you = Math.max(0, seats.findIndex((s) => s.you));
  return h("ul", { class: "nn-seats", "aria-label": words.seats }, seats.map((seat, i) => {
    // You at the bottom; the others round the table in playing order.
    const place = (i - you + n) % n;
    let x, y;
    if (seating === "sides" && n === 3) {          // you below, the others left and right
      [x, y] = [[50, 84], [14, 42], [86, 42]][place];    // inside the rim, clear of the trick
    } else {
      const angle = Math.PI / 2 + (2 * Math.PI * place) / n;
      x = 50 + 37 * Math.cos(angle);
      y = 50 + 37 * Math.sin(angle);
    }
    const item = h("li", {
      // a seat on the right has its last card on its left, inside the felt
      class: `nn-seat ${seat.to_move ? "nn-to-move" : ""} ${seat.out ? "nn-out" : ""} ${x > 60 ? "nn-last-left" : ""}`,
      style: `left:${x}%;top:${y}%`,
    },
    h("span", { class: "nn-seat-name" },
      seat.mark ? h("span", { class: `nn-mark nn-team-${seat.team}`, "aria-hidden": "true", text: seat.mark }) : null,
      seat.name),
    seat.to_move ? h("span", { class: "nn-turn", text: ` ${words.to_move}` }) : null,
    // The facts sit on a line of their own; read aloud, a colon parts them from the name.
    h("span", { class: "nn-hidden", text: ": " }),
    h("span", { class: "nn-seat-facts", text: seat.facts.join(", ") }),
    // The seat's last card, a bot's answer marked "just played" (in words, not colour alone).
    seat.last ? h("span", { class: "nn-seat-last" },
      cardImage(seat.last, seat.new ? "nn-just" : ""),
      seat.new ? h("span", { class: "nn-just-played", "aria-hidden": "true", text: words.just_played }) : null)
      : null);
    if (seat.new) item.classList.add("nn-seat-new");
    return item;
  }));
}

// --- the centre of each game ----------------------------------------------------------------

// The centre of a felt is one of two parts, as the model's centre.kind says: a count (the
// running-total games) or a trick (the trick-taking game).
function countCentre(centre, words) {
  return h("div", { class: "nn-centre" },
    h("p", { class: "nn-count-label", text: words.count }),
    h("p", { class: "nn-count", text: String(centre.count) }),
    h("p", { class: "nn-direction" },
      h("span", { "aria-hidden": "true", text: centre.arrow + " " }), centre.direction));
}

function trickCentre(centre, words) {
  const trick = h("ul", { class: "nn-trick", "aria-label": centre.trick_label },
    centre.plays.map((play) => h("li", { class: `nn-play ${play.winner ? "nn-winner" : ""}` },
      play.card ? cardImage(play.card) : h("div", { class: "nn-card nn-empty", "aria-hidden": "true" }),
      h("span", { class: "nn-play-seat", text: play.seat + (play.winner ? ` ${words.wins}` : "") }))));
  return h("div", { class: "nn-centre nn-tricks-centre" },
    h("div", { class: "nn-turn-up" },
      centre.turn_up ? cardImage(centre.turn_up, "nn-small") : null,
      h("p", { class: "nn-trumps", text: centre.trumps })),
    h("div", {},
      h("p", { class: "nn-trick-title", text: centre.trick_title }), trick));
}

function boardGrid(centre, send, state) {
  const rows = centre.rows;
  const grid = h("div", {
    class: "nn-grid", role: "grid", "aria-label": centre.label,
    "aria-rowcount": rows.length, "aria-colcount": rows[0].length,
  });
  const cells = [];
  const find = (square) => cells.find((c) => Number(c.dataset.square) === square);
  let active = state.square;
  if (!rows.some((row) => row.some((sq) => sq.square === active))) active = rows[0][0].square;
  if (centre.jump !== null && centre.jump !== undefined && centre.jump !== state.jumped) {
    active = centre.jump;
    state.jumped = centre.jump;
  }
  rows.forEach((row, r) => {
    const line = h("div", { role: "row", class: "nn-row", "aria-rowindex": r + 1 });
    row.forEach((sq, c) => {
      const cell = h("div", {
        role: "gridcell", class: [
          "nn-square", sq.team !== null ? `nn-team-${sq.team}` : "nn-empty-square",
          sq.allowed ? "nn-allowed" : "", sq.line ? "nn-line" : ""].join(" "),
        "aria-label": sq.name, "aria-colindex": c + 1, tabindex: sq.square === active ? 0 : -1,
        "data-square": sq.square, "data-row": r, "data-col": c, "data-focus": "grid",
      },
      h("span", { class: "nn-square-number", "aria-hidden": "true", text: String(sq.square) }),
      sq.mark ? h("span", { class: "nn-square-mark", "aria-hidden": "true", text: sq.mark }) : null,
      sq.allowed ? h("span", { class: "nn-square-dot", "aria-hidden": "true", text: "•" }) : null);
      cell.addEventListener("click", () => { state.square = sq.square; send({ action: "square", square: sq.square }); });
      cells.push(cell);
      line.append(cell);
    });
    grid.append(line);
  });
  state.square = active;
  const moveTo = (cell) => {
    if (!cell) return;
    cells.forEach((other) => other.setAttribute("tabindex", "-1"));
    cell.setAttribute("tabindex", "0");
    state.square = Number(cell.dataset.square);
    cell.focus();
  };
  let typed = "", typedAt = 0;
  grid.addEventListener("keydown", (event) => {
    const cell = event.target.closest('[role="gridcell"]');
    if (!cell) return;
    const r = Number(cell.dataset.row), c = Number(cell.dataset.col);
    const at = (row, col) => cells.find((x) => Number(x.dataset.row) === row && Number(x.dataset.col) === col);
    const last = rows.length - 1, lastCol = rows[0].length - 1;
    let target = null;
    switch (event.key) {
      case "ArrowRight": target = at(r, Math.min(c + 1, lastCol)); break;
      case "ArrowLeft": target = at(r, Math.max(c - 1, 0)); break;
      case "ArrowDown": target = at(Math.min(r + 1, last), c); break;
      case "ArrowUp": target = at(Math.max(r - 1, 0), c); break;
      case "Home": target = event.ctrlKey ? at(0, 0) : at(r, 0); break;
      case "End": target = event.ctrlKey ? at(last, lastCol) : at(r, lastCol); break;
      case "PageUp": target = at(0, c); break;
      case "PageDown": target = at(last, c); break;
      case "Enter": case " ":
        event.preventDefault(); event.stopPropagation();
        send({ action: "square", square: Number(cell.dataset.square) });
        return;
      default:
        if (/^[0-9]$/.test(event.key)) {
          const now = Date.now();
          typed = (now - typedAt < 1200 ? typed : "") + event.key;
          typedAt = now;
          target = find(Number(typed.slice(-2)));
        } else {
          return;
        }
    }
    event.preventDefault();
    event.stopPropagation();
    moveTo(target);
  });
  return grid;
}

// --- the keyboard -----------------------------------------------------------------------------

const NAVIGATION = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End",
  "PageUp", "PageDown"]);

// Where a navigation key moves the focus in a group of controls: back, on, first or last.
function stepInGroup(key, at, count) {
  const to = { ArrowLeft: at - 1, ArrowUp: at - 1, ArrowRight: at + 1, ArrowDown: at + 1,
    Home: 0, PageUp: 0, End: count - 1, PageDown: count - 1 }[key];
  return Math.max(0, Math.min(count - 1, to));
}

// The table's own keys: a navigation key pressed anywhere in the table moves within the focused
// control's group and goes no further (the board's grid handles its keys before this). In a
// scrolling log the browser scrolls the log, and JupyterLab still never sees the key.
function keepKeysInTable(el) {
  return (event) => {
    if (!NAVIGATION.has(event.key) || event.altKey || event.metaKey) return;
    event.stopPropagation();
    if (event.target.closest(".nn-scroll")) return;
    event.preventDefault();
    const group = event.target.dataset ? event.target.dataset.group : null;
    if (!group) return;
    const peers = [...el.querySelectorAll(`[data-group="${group}"]`)];
    const at = peers.indexOf(event.target);
    if (at >= 0) peers[stepInGroup(event.key, at, peers.length)].focus();
  };
}

// Is the learner typing somewhere (a cell's editor with text in it, an input box)? Then a table
// that appears does not take the focus away. The empty cell JupyterLab adds after running the
// last cell is not typing.
function learnerIsTyping() {
  const active = document.activeElement;
  if (!active || active === document.body) return false;
  const editable = active.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(active.tagName);
  return editable && (active.value !== undefined ? active.value : active.textContent).trim() !== "";
}

// The first control a player wants: the summary's button, else a playable card, else any card,
// else the table's buttons, else the table itself.
function firstControl(el, frame) {
  return el.querySelector('[data-group="summary"]')
    || el.querySelector('[data-group="hand"]:not([aria-disabled="true"])')
    || el.querySelector('[data-group="hand"]') || el.querySelector('[data-group="choices"]')
    || el.querySelector('[role="gridcell"][tabindex="0"]') || el.querySelector('[data-group="buttons"]')
    || frame;
}

// A table whose cell has just run takes the focus once it is on the page (JupyterLab may take
// the focus back once while it moves to the next cell: the table takes it again).
function enterWhenShown(el, frame) {
  const enter = () => {
    if (!el.contains(document.activeElement) && !learnerIsTyping()) firstControl(el, frame).focus();
  };
  let frames = 0;
  const whenOnPage = () => {
    if (!el.isConnected) {
      if (++frames < 100) requestAnimationFrame(whenOnPage);
      return;
    }
    enter();
    setTimeout(enter, 300);
  };
  requestAnimationFrame(whenOnPage);
}

// --- the whole table --------------------------------------------------------------------------

function render({ model, el }) {
  const send = (content) => model.send(content);
  const state = { square: null, jumped: null, focusHint: null };
  el.classList.add("nn-root");
  el.setAttribute("data-lm-suppress-shortcuts", "true");   // JupyterLab: keys belong to the table

  const title = h("h2", { class: "nn-title" });
  const status = h("p", { class: "nn-status" });
  const news = h("div", { class: "nn-news", role: "status", "aria-live": "polite" });
  const main = h("div", { class: "nn-main" });
  const side = h("div", { class: "nn-side" });
  const tableId = nextId("table");
  const frame = h("section", { class: "nn-frame", "aria-labelledby": tableId, tabindex: "-1" },
    h("div", { class: "nn-top" }, title, status, news), h("div", { class: "nn-columns" }, main, side));
  title.id = tableId;
  el.append(frame);
  const onKey = keepKeysInTable(el);
  el.addEventListener("keydown", onKey);

  function draw() {
    const t = model.get("table") || {};
    const active = document.activeElement;
    const inside = el.contains(active) && active !== frame;
    const key = inside ? active.dataset.focus : null;
    const group = inside ? active.dataset.group : null;
    const peers = group ? [...el.querySelectorAll(`[data-group="${group}"]`)] : [];
    const index = peers.indexOf(active);

    // The model says how to lay the table out - a felt with seats round it, or a board beside
    // the seats - and which part sits at the felt's centre: never which game it is.
    frame.className = `nn-frame nn-layout-${t.layout || "none"} nn-seating-${t.seating || "round"}`;
    title.textContent = t.title || "";
    status.textContent = t.status || "";
    main.replaceChildren();
    side.replaceChildren();
    if (!t.layout) return;
    const words = t.words || {};

    const felt = h("div", { class: "nn-felt" });
    if (t.felt_height) felt.style.height = `${t.felt_height}px`;
    if (t.layout === "board") {
      main.append(section(t.centre.heading, "nn-board-area",
        boardGrid(t.centre, send, state),
        h("p", { class: "nn-legend", text: t.centre.legend })));
    } else {
      felt.append(seatList(t.seats, t.seating, words));
      felt.append(t.centre.kind === "trick" ? trickCentre(t.centre, words) : countCentre(t.centre, words));
      main.append(section(words.felt, "nn-felt-area", felt,
        t.centre.last ? h("p", { class: "nn-last-trick", text: t.centre.last }) : null));
    }
    const play = t.layout === "board" ? side : main;
    if (t.layout === "board" && t.seats) {
      side.append(section(words.seats, "nn-board-seats", h("ul", { class: "nn-plain-list" },
        t.seats.map((seat) => h("li", { class: seat.to_move ? "nn-to-move" : "" },
          seat.mark ? h("span", { class: `nn-mark nn-team-${seat.team}`, "aria-hidden": "true", text: seat.mark }) : null,
          `${seat.name}: ${seat.facts.join(", ")}${seat.to_move ? ` ${words.to_move}` : ""}`)))));
    }
    if (t.summary) {
      play.append(section(t.summary.heading, "nn-summary",
        h("ul", { class: "nn-plain-list" }, t.summary.lines.map((line) => h("li", { text: line }))),
        t.summary.button ? buttonRow([{ ...t.summary.button, primary: true }], send, "summary") : null));
    }
    if (t.hand) {
      const cards = h("div", { class: "nn-hand", role: "group", "aria-label": t.hand.heading });
      t.hand.cards.forEach((card) => cards.append(...cardButton(card, send, words)));
      play.append(section(t.hand.heading, "nn-hand-area",
        t.hand.hint ? h("p", { class: "nn-hint", text: t.hand.hint }) : null,
        cards,
        t.hand.note ? h("p", { class: "nn-note", text: t.hand.note }) : null));
    }
    if (t.choices && t.choices.length) {
      play.append(h("div", { class: "nn-choices", role: "group", "aria-label": words.choices },
        buttonRow(t.choices, send, "choices")));
    }
    if (t.buttons && t.buttons.length) play.append(buttonRow(t.buttons, send, "buttons"));
    for (const part of t.panels || []) {
      const groups = part.groups.map((g) => h("div", { class: "nn-log-group" },
        g.heading ? h("h4", { class: "nn-subheading", text: g.heading }) : null,
        h("ul", { class: "nn-plain-list" }, g.lines.map((line) => h("li", { text: line })))));
      // A long panel scrolls in a box that the keyboard can reach (Tab) and scroll (arrows).
      const box = part.scroll ? h("div", { class: "nn-scroll", tabindex: "0", role: "group",
        "aria-label": `${part.heading}, ${words.scrolling}` }, groups) : groups;
      side.append(section(part.heading, "nn-panel", box));
    }
    const toLatest = () => {                     // the log shows its latest lines
      for (const scroll of side.querySelectorAll(".nn-scroll")) scroll.scrollTop = scroll.scrollHeight;
    };
    toLatest();
    requestAnimationFrame(toLatest);            // again once drawn (the first draw is unattached)

    // Focus: a new hint (a group, or one control's data-focus key: the summary's button, the
    // choices, the board, Discard) wins; else the same
    // control; else the same place in its group; else the hand; else the table itself.
    let target = null;
    const hint = t.focus || null;
    if (hint && hint !== state.focusHint && inside) {
      target = hint === "grid" ? el.querySelector('[role="gridcell"][tabindex="0"]')
        : [...el.querySelectorAll("[data-focus]")].find((n) => n.dataset.focus === hint)
          || el.querySelector(`[data-group="${hint}"]`);
    }
    state.focusHint = hint;
    if (!inside) return;
    if (!target && key === "grid") target = el.querySelector('[role="gridcell"][tabindex="0"]');
    if (!target && key) target = [...el.querySelectorAll("[data-focus]")].find((n) => n.dataset.focus === key);
    if (!target && group) {
      const now = [...el.querySelectorAll(`[data-group="${group}"]`)];
      target = now[Math.min(index, now.length - 1)] || null;
    }
    target = target || el.querySelector('[data-group="summary"]') || el.querySelector('[data-group="hand"]')
      || el.querySelector('[data-group="buttons"]') || frame;
    target.focus();
  }

  let lastNews = -1;
  function announce() {
    const id = model.get("news_id");
    if (id === lastNews) return;
    lastNews = id;
    news.textContent = model.get("news") || "";
    news.dataset.news = String(id);             // lets a test wait for the next sentence
  }

  draw();
  announce();
  if (!model.get("shown")) {                  // the first view of a table that has just been made
    model.set("shown", true);
    model.save_changes();
    enterWhenShown(el, frame);
  }
  model.on("change:table", draw);
  model.on("change:news_id", announce);
  return () => {
    el.removeEventListener("keydown", onKey);
    model.off("change:table", draw);
    model.off("change:news_id", announce);
  };
}

export default { render };
