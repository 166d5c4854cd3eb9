// The page of `grundy serve`. Every answer comes from the server's engine
// through the stateless API (docs/serve.md): the page keeps only the position
// string, whose turn it is, and the history for Undo.

const ENGINE_PAUSE_MS = 600;   // long enough to see that the engine is replying
const MOST_TOKENS_DRAWN = 40;  // a larger heap is shown as a number

const $ = (id) => document.getElementById(id);

const state = {
  position: "",
  components: [],
  previous: [],                         // the components before the last move: its cells and vertices are marked
  canLoop: false,
  repetitionsForDraw: 3,                // the server's rule (session_rules.hpp), read from each view
  misere: false,                        // the play convention: whoever moves last loses
  turn: "me",                           // "me" or "engine"
  lastMoved: { me: null, engine: null }, // the component each side last moved in
  history: [],                          // snapshots before each of my moves
  seen: new Map(),                      // position|turn -> times seen
  over: false,
  busy: false,
  showValues: false,
  hinted: null,
  result: null,                         // once over: "me", "engine" or "draw"
  ply: 0,                               // moves played, both sides
  heapGames: [],                        // the sum's games on heap sizes: those the values picture draws
};

class ApiError extends Error {}

// JSON.parse, except that a whole number too large for a double (above
// 2^53, such as a heap of 10^18 + 1) is kept exactly, as its digits in a
// string: JSON.parse would round it. Strings in the text are skipped whole.
const NUMBER = /-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;

function parseJsonExactly(text) {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (/[-0-9]/.test(ch)) {
      NUMBER.lastIndex = i;
      const number = NUMBER.exec(text)[0];
      const whole = /^-?[0-9]+$/.test(number);
      out += whole && !Number.isSafeInteger(Number(number)) ? `"${number}"` : number;
      i += number.length;
    } else {
      out += ch;
      i += 1;
    }
  }
  return JSON.parse(out);
}

async function api(route, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  let response;
  try {
    response = await fetch(route, init);
  } catch {
    throw new ApiError("the server cannot be reached: is grundy serve still running?");
  }
  const answer = await response.text().then(parseJsonExactly)
    .catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new ApiError(answer.error ?? `the server answered ${response.status}`);
  return answer;
}

// A question about the position under the chosen convention: the routes
// that analyse take "misere" (docs/serve.md).
function ask(route, body) {
  return api(route, state.misere ? { ...body, misere: true } : body);
}

function show(el, text) {
  el.textContent = text;
  el.hidden = !text;
}

// Where play stands, for scripts and tests driving the page: "my-turn",
// "engine" (its move is on the way), "over", or "error" (the server failed
// to answer; Undo goes back), and the moves played so far.
function setPhase(phase) {
  document.body.dataset.phase = phase;
  document.body.dataset.ply = String(state.ply);
}

function setStatus(text, kind = "") {
  const status = $("status");
  status.textContent = text;
  status.className = `status ${kind}`;
}

// ----- choosing a game -----

async function loadGames() {
  const { games, start } = await api("/api/games");
  // A server of one game (grundy.serve from Python) names where play starts.
  if (start) $("position").value = start;
  const select = $("family");
  for (const g of games) {
    const option = document.createElement("option");
    option.value = g.example;
    option.textContent = g.syntax;
    option.dataset.rule = g.rule;
    option.dataset.start = g.start;
    select.append(option);
  }
  select.addEventListener("change", () => chooseFamily(true));
  chooseFamily(false);
  // A link from elsewhere (the census atlas) may name the position: ?position=octal:0.17%2012
  const linked = new URLSearchParams(location.search).get("position");
  if (linked) $("position").value = linked;
}

function chooseFamily(fillPosition) {
  const option = $("family").selectedOptions[0];
  if (!option) return;
  $("rule").textContent = `${option.dataset.rule}. Example: ${option.dataset.start}`;
  if (fillPosition) {
    $("position").value = option.dataset.start;
    show($("position-error"), "");
  }
}

async function start(event) {
  event?.preventDefault();
  const text = $("position").value.trim();
  let view;
  try {
    view = await api("/api/components", { position: text || " " });
  } catch (e) {
    show($("position-error"), e.message);
    $("position").focus();
    return;
  }
  const misere = document.querySelector("input[name=play]:checked").value === "misere";
  if (misere) {
    // Refused here, not mid-game, when misère play does not apply (a graph with cycles).
    try {
      await api("/api/analyze", { position: view.position, misere: true });
    } catch (e) {
      show($("position-error"), e.message);
      return;
    }
  }
  show($("position-error"), "");
  Object.assign(state, {
    misere,
    turn: document.querySelector("input[name=first]:checked").value,
    lastMoved: { me: null, engine: null },
    history: [],
    seen: new Map(),
    over: false,
    result: null,
    busy: false,
    hinted: null,
    ply: 0,
    components: [],
  });
  adopt(view);
  $("setup").hidden = true;
  $("game").hidden = false;
  $("game-title").textContent = misere ? `${view.title} (misère)` : view.title;
  $("rules-line").textContent = rulesText(view, misere);
  $("draw-button").hidden = !view.can_loop;
  // Only games on heap sizes have a sequence of values to draw (not boards or graphs).
  state.heapGames = [...new Set(view.components.filter((c) => c.heap).map((c) => c.name))];
  $("picture-button").hidden = state.heapGames.length === 0;
  remember();
  await render();
  if (state.over) return finish(noMoveWinner());
  if (state.turn === "engine") await engineTurn();
  else {
    setStatus("Your move.");
    setPhase("my-turn");
  }
}

// The rules, as `grundy play` states them: each game's rule of a move (the
// server's, Game::move_rule), then how the game ends.
function rulesText(view, misere) {
  const end = misere ? "misère play: whoever makes the last move loses" : "whoever cannot move loses";
  const lines = view.rules.length === 1
    ? [`Rule: ${view.rules[0].rule}; ${end}.`]
    : [...view.rules.map((r) => `Rule of ${r.game}: ${r.rule}.`), `A turn is one move in one component; ${end}.`];
  if (view.can_loop) {
    lines.push(`Play can go on forever here: the same position ${view.repetitions_for_draw} times is a draw, ` +
      "and you may offer one.");
  }
  return lines.join("\n");
}

// How a click (or Tab and Enter) makes a move, one line per way the sum's
// components are drawn.
const HOW_TO_MOVE = {
  grid: ["Boards", "click a free cell, then a free cell beside, above or below it: a domino covers the two."],
  graph: ["Graphs", "click a vertex still in play: it goes with its neighbours (pointing at one shows which)."],
  take: ["Heaps", "click a token: it and every token after it are taken."],
  heaps: ["Heaps", "click a token: it and every token after it in its row are taken."],
  knock: ["Rows", "click a token to knock it down, splitting the row in two (where one alone may not go, " +
    "the next goes with it), or choose a move listed under the row."],
  big: ["Large heaps", "type what the move leaves in the box (a size, or sizes such as 3 + 5) and press Move."],
  token: ["Tokens", "choose where the token goes from the moves listed beside it."],
  listed: ["Positions", "choose a move from the list beside the position."],
};

function drawnAs(c) {
  if (c.drawing) return c.drawing.kind;
  if (c.name.startsWith("python:")) return "listed";  // a game written in Python, with no draw()
  if (!c.heap) return "token";
  if (typeof c.position !== "number" || c.position > MOST_TOKENS_DRAWN) return "big";
  return c.splits ? "knock" : "take";
}

// A component's way of moving: [title, sentence]. A picture may say it in
// its own words ("how": Chomp's bars, one click a move).
function howOf(c) {
  return c.drawing?.how ? [c.game, c.drawing.how] : HOW_TO_MOVE[drawnAs(c)];
}

function howToMove() {
  const ways = [...new Map(state.components.map((c) => [howOf(c)[1], howOf(c)])).values()];
  if (ways.length === 0) return "";
  if (ways.length === 1) return `How to move: ${ways[0][1]}`;
  return ["How to move:", ...ways.map(([title, how]) => `${title}: ${how}`)].join("\n");
}

// Pieces placed on a grid (Cram's dominoes, drawing.places_pieces): the
// position holds only which cells are taken, so the page keeps which move's
// piece covers each cell, carried from each view to the next: component.pieces,
// cell -> { id, by } (who placed it). Cells taken from the start have none.
function carryPieces(view, who) {
  for (const [i, c] of view.components.entries()) {
    const d = c.drawing;
    if (d?.kind !== "grid" || !d.places_pieces) continue;
    const old = state.components[i];
    const before = old?.drawing;
    const same = before?.kind === "grid" && before.rows.length === d.rows.length &&
      before.rows[0]?.length === d.rows[0]?.length;
    c.pieces = same ? [...(old.pieces ?? [])] : [];
    if (!same || !who) continue;
    const width = d.rows[0].length;
    d.rows.forEach((row, r) => [...row].forEach((ch, col) => {
      if (ch === "#" && before.rows[r][col] === ".") c.pieces[r * width + col] = { id: state.ply, by: who };
    }));
  }
}

// The view after a move by `who` ("me" or "engine"; none at the start).
function adopt(view, who = null) {
  carryPieces(view, who);
  state.previous = state.components;
  state.position = view.position;
  state.components = view.components;
  state.canLoop = view.can_loop;
  state.repetitionsForDraw = view.repetitions_for_draw;
  state.over = view.over;
}

// Who wins when the side to move has no move left: the other side in normal
// play, the side to move itself in misère play.
function noMoveWinner() {
  const other = state.turn === "me" ? "engine" : "me";
  return state.misere ? state.turn : other;
}

// A position repeated (state.repetitionsForDraw times, the server's rule)
// with the same player to move: a draw.
function remember() {
  const key = `${state.position}|${state.turn}`;
  const times = (state.seen.get(key) ?? 0) + 1;
  state.seen.set(key, times);
  return times;
}

// ----- the board -----

let renders = 0;  // a newer render makes an older one, still waiting on the server, drop its board
// True while the page itself gives the focus back to the board (render): the
// preview of what a move would take belongs to a pointer or to a focus the
// player moved, not to this one, which would grey out a piece still in play.
let focusBySelf = false;

async function render() {
  const generation = ++renders;
  const hadFocus = document.activeElement === document.body || $("board").contains(document.activeElement);
  const values = state.showValues ? await ask("/api/values", { position: state.position }).catch(() => null) : null;
  const playable = state.turn === "me" && !state.over && !state.busy;
  const items = [];
  for (const [i, c] of state.components.entries()) {
    const item = document.createElement("li");
    item.className = "component";
    if (state.hinted?.component === i) item.classList.add("hinted");
    item.dataset.component = String(i);
    const label = document.createElement("div");
    label.className = "label";
    const noun = c.label.split(" (")[0];
    label.textContent = noun[0].toUpperCase() + noun.slice(1);
    if (c.label.includes(" (")) label.append(Object.assign(document.createElement("small"), { textContent: c.game }));
    if (values) label.append(valueTag(values.values[i]));
    item.append(label, pieces(c, i, playable));
    // Moves as buttons where the picture cannot show them all (or there is none).
    const drawnAll = c.drawing && c.drawing.every_move_drawn !== false;
    if (playable && (!c.heap || c.splits) && c.has_move && !drawnAll) await listOptions(item, i);
    items.push(item);
  }
  const sum = values ? await sumText() : "";
  if (generation !== renders) return;  // a newer render has drawn the board
  $("board").replaceChildren(...items);
  show($("sum-line"), sum);
  for (const b of document.querySelectorAll(".controls button")) b.disabled = state.busy;
  $("undo-button").disabled = state.busy || state.history.length === 0;
  $("hint-button").disabled = state.busy || state.over || state.turn !== "me";
  $("draw-button").disabled = state.busy || state.over || state.turn !== "me";
  show($("how-to"), state.over ? "" : howToMove());
  // Keyboard players keep their place: back to the first move they can make.
  // Without scrolling: on a phone, focusing the board must not push the header away.
  if (hadFocus && playable) {
    focusBySelf = true;
    try {
      $("board").querySelector("button:not([disabled]), [role=button][tabindex]")?.focus({ preventScroll: true });
    } finally {
      focusBySelf = false;
    }
  }
}

const GENUS_TITLE = "Misère genus g^m (Conway): g is the normal-play value, m the misère one (the mex of the " +
  "moves' misère values; 1 where there is no move). A tame heap plays in misère sums as a misère Nim " +
  "position of its genus. See docs/misere.md.";

// A component's value under the label: a normal-play value (a number, or ∞
// with its options), or a misère genus g^m written with m raised, as in the
// books; a component without one says why in its tooltip, in the server's
// words (a wild game, a heap too large, not a heap game).
function valueTag(v) {
  const tag = Object.assign(document.createElement("small"), { className: "value-tag" });
  if (typeof v === "number" || typeof v === "string") {  // a string: above 2^53, exact
    tag.textContent = `value ${v}`;
  } else if (!("genus" in v)) {
    tag.textContent = `value ∞{${v.options.join(",")}}`;
  } else if (v.genus === null && v.element) {
    // A wild heap (or one past a tame quotient's heaps): its class in the
    // game's misère quotient, which is what decides misère sums.
    // "ab^2c" with its powers raised, as the genus's m is.
    tag.append("class ");
    v.element.split(/\^(\d+)/).forEach((part, i) =>
      tag.append(i % 2 ? Object.assign(document.createElement("sup"), { textContent: part }) : part));
    tag.setAttribute("aria-label", `class ${v.element} of the misère quotient`);
    tag.title = `${v.reason}. A sum is a P-position when the product of its heaps' classes is in the ` +
      "quotient's P-portion. See docs/misere.md.";
    tag.dataset.genus = "";
    tag.dataset.element = v.element;
  } else if (v.genus === null) {
    tag.textContent = "no genus";
    tag.title = `${v.reason}. See docs/misere.md.`;
    tag.dataset.genus = "";
  } else {
    const [g, ...m] = v.genus.split("^");
    tag.append(`genus ${g}`, Object.assign(document.createElement("sup"), { textContent: m.join("^") }));
    tag.title = GENUS_TITLE;
    tag.dataset.genus = v.genus;
    tag.setAttribute("aria-label", `misère genus ${v.genus}`);
  }
  return tag;
}

async function sumText() {
  try {
    const a = await ask("/api/analyze", { position: state.position });
    const who = a.winner === "draw" ? "a draw against perfect play"
      : a.winner === "first" ? "the player to move can win" : "the player to move loses against perfect play";
    return `${a.reason}: ${who}.`;
  } catch (e) {
    return e.message;
  }
}

// A heap as a row of tokens. In games that only shrink a heap (Nim,
// subtraction games) the token clicked and those after it are taken; in
// take-and-break games (Kayles) the token clicked is knocked down, or it and
// the next where one alone may not be, splitting the row (knockDown). A
// vertex, or a huge heap, as its name and a way to choose a move.
function pieces(c, i, playable) {
  if (c.drawing?.kind === "grid") return gridPicture(c, i, playable);
  if (c.drawing?.kind === "graph") return graphPicture(c, i, playable);
  if (c.drawing?.kind === "heaps") return heapsPicture(c, i, playable);
  const box = document.createElement("div");
  if (c.heap && c.position <= MOST_TOKENS_DRAWN) {
    box.className = "tokens";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", `${c.label}: ${c.position} token${c.position === 1 ? "" : "s"}`);
    for (let k = 0; k < c.position; k++) {
      const token = document.createElement("button");
      token.type = "button";
      token.className = "token";
      token.dataset.component = String(i);
      token.dataset.leave = String(k);
      token.disabled = !playable;
      const knocks = c.splits;
      token.setAttribute("aria-label", knocks ? `${c.label}: knock down token ${k + 1} of ${c.position}`
        : `${c.label}: take ${c.position - k}, leaving ${k}`);
      token.title = knocks ? `knock down this token (${k} left of it, ${c.position - 1 - k} right)`
        : `take ${c.position - k}, leave ${k}`;
      const mark = (on) => {
        for (const t of box.children) {
          const at = Number(t.dataset.leave);
          t.classList.toggle("would-take", on && (knocks ? at === k : at >= k));
        }
      };
      token.addEventListener("mouseenter", () => mark(true));
      token.addEventListener("mouseleave", () => mark(false));
      token.addEventListener("focus", () => mark(!focusBySelf));
      token.addEventListener("blur", () => mark(false));
      token.addEventListener("click", () => personMove(i, knocks ? knockDown(k, c.position) : [[k]]));
      box.append(token);
    }
    if (c.position === 0) box.append(document.createTextNode("(empty)"));
    else if (!c.has_move) box.append(document.createTextNode(" (no moves)"));
  } else {
    box.className = "big";
    box.append(document.createTextNode(c.heap ? `${c.position} tokens` : `at ${c.position}`));
    if (!c.has_move) box.append(document.createTextNode(" (no moves)"));
    else if (c.heap && playable) {
      const input = Object.assign(document.createElement("input"), {
        type: "text", inputMode: "numeric", placeholder: "heap size to leave",
      });
      input.setAttribute("aria-label", `${c.label}: heap size to leave`);
      const go = Object.assign(document.createElement("button"), { type: "button", textContent: "Move" });
      const submit = () => personMove(i, input.value.trim().split(/[\s+]+/).filter(Boolean));
      go.addEventListener("click", submit);
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") submit(); });
      box.append(input, go);
    }
  }
  if (c.heap && !c.splits && c.has_move && playable) {
    const more = Object.assign(document.createElement("button"), {
      type: "button", className: "secondary", textContent: "Moves…",
    });
    more.addEventListener("click", () => listOptions(box.parentElement, i));
    box.append(more);
  }
  return box;
}

// ----- boards and graphs (a component's "drawing": docs/serve.md) -----

// The pieces of the move the hint names in component i, if it names one there.
function hintedPieces(c, i) {
  const h = state.hinted;
  if (h?.component !== i) return new Set();
  const same = (m) => m.to.length === h.to.length && m.to.every((p, k) => p === String(h.to[k]));
  const m = c.drawing.moves.find(same);
  return new Set(m?.takes ?? m?.pieces ?? []);
}

// Rows of tokens drawn by a game written in Python (its draw(position)
// returned heaps): a token that starts a move is clicked to take it and
// the tokens after it in its row; the others are not buttons that work.
function heapsPicture(c, i, playable) {
  const d = c.drawing;
  const box = document.createElement("div");
  box.className = "heap-rows";
  const moveAt = new Map(d.moves.map((m) => [m.pieces[0], m]));
  const hinted = hintedPieces(c, i);
  const tokens = [];
  let first = 0;
  d.heaps.forEach((size, r) => {
    const row = document.createElement("div");
    row.className = "tokens";
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", `${c.label}, row ${r + 1}: ${size} token${size === 1 ? "" : "s"}`);
    for (let k = 0; k < size; k++) {
      const piece = first + k;
      const m = moveAt.get(piece);
      const token = Object.assign(document.createElement("button"), { type: "button", className: "token" });
      token.dataset.component = String(i);
      token.dataset.piece = String(piece);
      if (hinted.has(piece)) token.classList.add("hinted");
      token.disabled = !playable || !m;
      if (m) {
        const taken = m.takes ?? m.pieces;
        token.setAttribute("aria-label", `${c.label}, row ${r + 1}: take ${taken.length}, leaving ${k}`);
        token.title = `take ${taken.length}, leave ${k}`;
        const mark = (on) => {
          for (const t of tokens) t.classList.toggle("would-take", on && taken.includes(Number(t.dataset.piece)));
        };
        token.addEventListener("mouseenter", () => mark(true));
        token.addEventListener("mouseleave", () => mark(false));
        token.addEventListener("focus", () => mark(!focusBySelf));
        token.addEventListener("blur", () => mark(false));
        token.addEventListener("click", () => personMove(i, m.to));
      }
      tokens.push(token);
      row.append(token);
    }
    if (size === 0) row.append(document.createTextNode("(empty)"));
    box.append(row);
    first += size;
  });
  return box;
}

// Component i's drawing before the last move, when it is of the same shape.
function previousDrawing(i, d) {
  const p = state.previous?.[i]?.drawing;
  if (!p || p.kind !== d.kind) return null;
  if (d.kind === "grid") return p.rows.length === d.rows.length && p.rows[0]?.length === d.rows[0]?.length ? p : null;
  return p.vertices.length === d.vertices.length ? p : null;
}

// A grid of cells: click a free cell, then a free cell beside it, to place
// a domino there. Cells the last move took are marked, as are the hint's.
function gridPicture(c, i, playable) {
  const d = c.drawing;
  const width = d.rows[0]?.length ?? 0;
  const box = document.createElement("div");
  box.className = "grid-board";
  box.style.gridTemplateColumns = `repeat(${width}, var(--cell))`;
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", `${c.label}: ${d.rows.length} by ${width} board; ` +
    (d.how ?? "choose two free cells side by side"));
  const movesWith = new Map();  // cell -> the moves that take it
  for (const m of d.moves) for (const p of m.pieces) movesWith.set(p, [...(movesWith.get(p) ?? []), m]);
  const hinted = hintedPieces(c, i);
  const before = previousDrawing(i, d);
  const cells = [];
  let chosen = null;
  const mark = () => {
    const partners = new Set((movesWith.get(chosen) ?? []).flatMap((m) => m.pieces));
    for (const [k, cell] of cells.entries()) {
      cell.classList.toggle("chosen", k === chosen);
      cell.classList.toggle("partner", chosen !== null && k !== chosen && partners.has(k));
      cell.setAttribute("aria-pressed", String(k === chosen));
    }
  };
  const choose = (k) => {
    // A move of one cell (a bite of Chomp) is made by its click.
    const single = (movesWith.get(k) ?? []).find((m) => m.pieces.length === 1);
    if (single) return personMove(i, single.to);
    if (chosen !== null && chosen !== k) {
      const m = (movesWith.get(chosen) ?? []).find((m) => m.pieces.includes(k));
      if (m) return personMove(i, m.to);
    }
    chosen = chosen === k || !movesWith.has(k) ? null : k;
    mark();
  };
  const marks = new Map((d.marks ?? []).map((m) => [m.piece, m.what]));
  const pieceAt = (k) => c.pieces?.[k];
  d.rows.forEach((row, r) => [...row].forEach((ch, col) => {
    const k = r * width + col;
    const free = ch === ".";
    const cell = Object.assign(document.createElement("button"), { type: "button", className: "cell" });
    cell.classList.add(free ? "free" : "taken");
    if (!free && before?.rows[r][col] === ".") cell.classList.add("just-taken");
    if (hinted.has(k)) cell.classList.add("hinted");
    cell.dataset.component = String(i);
    cell.dataset.cell = String(k);
    cell.disabled = !playable || !movesWith.has(k);
    let what = free ? "free" : "taken";
    // A placed piece is drawn whole: its cells in its placer's colour, joined
    // across the gap to the next cell of the same piece.
    const piece = pieceAt(k);
    if (!free && piece) {
      cell.classList.add("piece", piece.by === "me" ? "by-me" : "by-engine");
      cell.dataset.piece = String(piece.id);
      if (col + 1 < width && pieceAt(k + 1)?.id === piece.id) cell.classList.add("joins-right");
      if (r + 1 < d.rows.length && pieceAt(k + width)?.id === piece.id) cell.classList.add("joins-down");
      if (col > 0 && pieceAt(k - 1)?.id === piece.id) cell.classList.add("joined-left");
      if (r > 0 && pieceAt(k - width)?.id === piece.id) cell.classList.add("joined-up");
      what = piece.by === "me" ? "your piece" : "the engine's piece";
    }
    if (marks.has(k)) {
      cell.classList.add("marked");
      cell.title = marks.get(k);
      cell.textContent = "☠";
      what = `${what}, ${marks.get(k)}`;
    }
    cell.setAttribute("aria-label", `row ${r + 1}, column ${col + 1}: ${what}`);
    cell.addEventListener("click", () => choose(k));
    cells.push(cell);
  }));
  box.append(...cells);
  return box;
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes) {
  const e = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) e.setAttribute(name, String(value));
  return e;
}

// A graph with its vertices on a circle: choosing a vertex still in play
// removes it and its neighbours (marked while the pointer or focus is on it).
function graphPicture(c, i, playable) {
  const d = c.drawing;
  const n = d.vertices.length;
  const radius = n > 1 ? Math.max(100, n * 7) : 0;
  const size = 2 * radius + 60;
  const at = d.vertices.map((_, v) => [size / 2 + radius * Math.sin((2 * Math.PI * v) / n),
                                        size / 2 - radius * Math.cos((2 * Math.PI * v) / n)]);
  const picture = svg("svg", { viewBox: `0 0 ${size} ${size}`, class: "graph-board", role: "group" });
  picture.setAttribute("aria-label", `${c.label}: ${d.present.filter(Boolean).length} of ${n} vertices in play; ` +
    "choosing one removes it and its neighbours");
  const neighbours = d.vertices.map(() => []);
  const before = previousDrawing(i, d);
  const hinted = hintedPieces(c, i);
  const lines = [];
  for (const [u, v] of d.edges) {
    neighbours[u].push(v);
    neighbours[v].push(u);
    const line = svg("line", { x1: at[u][0], y1: at[u][1], x2: at[v][0], y2: at[v][1], class: "edge" });
    if (!d.present[u] || !d.present[v]) line.classList.add("gone");
    lines.push(line);
  }
  picture.append(...lines);
  const moveOf = new Map(d.moves.map((m) => [m.pieces[0], m]));
  const dots = d.vertices.map((name, v) => {
    const dot = svg("g", { class: "vertex", "data-vertex": v, "data-component": i });
    dot.classList.add(d.present[v] ? "present" : "gone");
    if (!d.present[v] && before?.present[v]) dot.classList.add("just-taken");
    if (hinted.has(v)) dot.classList.add("hinted");
    const title = svg("title", {});
    title.textContent = name;
    const label = svg("text", { x: at[v][0], y: at[v][1], "text-anchor": "middle", "dominant-baseline": "central" });
    label.textContent = name.length > 3 ? `${name.slice(0, 3)}…` : name;
    dot.append(title, svg("circle", { cx: at[v][0], cy: at[v][1], r: 15 }), label);
    return dot;
  });
  // What choosing v takes: the move's own list (a game written in Python),
  // else v with its neighbours (Node Kayles).
  const wouldTake = (v, on) => {
    for (const w of moveOf.get(v)?.takes ?? [v, ...neighbours[v]]) if (d.present[w]) dots[w].classList.toggle("would-take", on);
  };
  for (const [v, dot] of dots.entries()) {
    const m = moveOf.get(v);
    if (!m || !playable) continue;
    dot.setAttribute("tabindex", "0");
    dot.setAttribute("role", "button");
    dot.setAttribute("aria-label", `${d.vertices[v]}: remove it and its neighbours`);
    dot.classList.add("playable");
    dot.addEventListener("mouseenter", () => wouldTake(v, true));
    dot.addEventListener("mouseleave", () => wouldTake(v, false));
    dot.addEventListener("focus", () => wouldTake(v, !focusBySelf));
    dot.addEventListener("blur", () => wouldTake(v, false));
    dot.addEventListener("click", () => personMove(i, m.to));
    dot.addEventListener("keydown", (e) => {
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      personMove(i, m.to);
    });
  }
  picture.append(...dots);
  return picture;
}

// The legal moves of one component as buttons.
async function listOptions(item, i) {
  let answer;
  try {
    answer = await api("/api/options", { position: state.position, component: i });
  } catch (e) {
    return show($("move-error"), e.message);
  }
  item.querySelector(".options")?.remove();
  const list = document.createElement("div");
  list.className = "options";
  list.setAttribute("role", "group");
  list.setAttribute("aria-label", `moves of ${state.components[i].label}`);
  for (const o of answer.options) {
    const b = Object.assign(document.createElement("button"), {
      type: "button", className: "secondary", textContent: `→ ${o.text}`,
    });
    b.dataset.component = String(i);
    b.setAttribute("aria-label", `${state.components[i].label}: move to ${o.text}`);
    b.addEventListener("click", () => personMove(i, o.to));
    list.append(b);
  }
  if (answer.total !== null && answer.total > answer.options.length) {
    list.append(document.createTextNode(`… and ${answer.total - answer.options.length} more`));
  }
  item.append(list);
}

// ----- playing -----

// The moves a click on token k (from 0) of a row of n may mean in a
// take-and-break game, in the order tried: that token knocked down (the row
// splits into k and n - 1 - k), that token and the next (k and n - 2 - k),
// then the old way, the token and all after it taken (k left).
function knockDown(k, n) {
  const rows = (...sizes) => sizes.filter((s) => s > 0);
  const tries = [rows(k, n - 1 - k)];
  if (k + 1 < n) tries.push(rows(k, n - 2 - k));
  tries.push(rows(k));
  return tries;
}

// `to`: the position(s) the move leaves, or for a click that may mean
// several moves, a list of them, tried in order until one is legal (the
// first refusal is the one shown).
async function personMove(component, to) {
  if (state.busy || state.over || state.turn !== "me") return;
  const tries = Array.isArray(to[0]) ? to : [to];
  state.busy = true;  // a second click before the answer must not play a second move
  show($("move-error"), "");
  const before = {
    position: state.position, components: state.components, lastMoved: { ...state.lastMoved },
    seen: new Map(state.seen), ply: state.ply,
  };
  try {
    let answer = null;
    let refusal = null;
    for (const t of tries) {
      try {
        answer = await api("/api/move", { position: state.position, move: { component, to: t } });
        break;
      } catch (e) {
        if (!(e instanceof ApiError) || e.message.includes("cannot be reached")) throw e;
        refusal ??= e;
      }
    }
    if (answer === null) throw refusal;
    state.history.push(before);
    state.busy = false;
    await advance(answer, "me");
  } catch (e) {
    state.busy = false;
    show($("move-error"), e.message);
    return render();
  }
  if (!state.over) await engineTurn();
}

// After a move by `who`: the new position, and whether the game has ended.
async function advance(answer, who) {
  const view = await api("/api/components", { position: answer.position });
  state.lastMoved[who] = answer.move.to.length === 1 ? answer.move.component : null;
  state.turn = who === "me" ? "engine" : "me";
  state.ply += 1;
  state.hinted = null;
  show($("hint"), "");
  adopt(view, who);
  if (state.over) return finish(noMoveWinner());
  if (remember() >= state.repetitionsForDraw) {
    return finish(null, `The same position has come up ${state.repetitionsForDraw} times: a draw.`);
  }
  await render();
}

async function engineTurn() {
  state.busy = true;
  setPhase("engine");
  setStatus("The engine is thinking…");
  await render();
  await new Promise((resolve) => setTimeout(resolve, ENGINE_PAUSE_MS));
  let answer;
  try {
    answer = await ask("/api/engine-move", { position: state.position, answer_to: state.lastMoved.me });
  } catch (e) {
    // No answer (the time limit, or a game written in Python that raised):
    // said, with the way on, since it is still the engine's turn.
    state.busy = false;
    setStatus(state.history.length > 0
      ? "The engine could not move. Undo takes your last move back; New game starts another."
      : "The engine could not move. New game starts another.", "lost");
    show($("move-error"), e.message);
    await render();
    return setPhase("error");
  }
  state.busy = false;
  if (answer.move === null) return finish(noMoveWinner());
  const c = state.components[answer.move.component];
  // Written as the hints and `grundy play` write a move: "heap 1: 7 -> 2 + 3", "board 1: '...' -> '##.'".
  const to = answer.move.to.length ? answer.move.to.map((p) => inText(c, p)).join(" + ") : "nothing";
  const moveText = `${c.label}: ${inText(c, answer.move.from)} -> ${to}`;
  try {
    await advance(answer, "engine");
  } catch (e) {
    // The engine's move could not be shown (the server is gone?): Undo goes back to your last move.
    setStatus("");
    show($("move-error"), e.message);
    await render();
    return setPhase("error");
  }
  if (!state.over) {
    setStatus(`The engine moved ${moveText}. Your move.`);
    setPhase("my-turn");
  } else if (state.result === "engine") {
    setStatus(`The engine moved ${moveText}. The engine wins: you have no move left.`, "lost");
  } else if (state.result === "me") {
    setStatus(`The engine moved ${moveText}, the last move: you win (misère play).`, "won");
  }
}

// A position inside a sentence, as Game::position_in_text writes it: a heap
// size as it is, a board, vertex or set of vertices in single quotes, whose
// dots and commas must not run into the sentence's own.
function inText(c, p) {
  return c.heap ? String(p) : `'${p}'`;
}

// `winner`: "me", "engine", or null for a draw.
async function finish(winner, text) {
  state.over = true;
  state.result = winner ?? "draw";
  state.busy = false;
  await render();
  const moved = state.history.length || state.lastMoved.engine !== null;
  if (state.misere && winner === "me") setStatus(moved
    ? "You win! You have no move left: the engine made the last move." : "You have no move: you win (misère play).", "won");
  else if (state.misere && winner === "engine") setStatus(moved
    ? "The engine wins: you made the last move." : "The engine has no move: it wins (misère play).", "lost");
  else if (winner === "me") setStatus("You win! The engine has no move left.", "won");
  else if (winner === "engine") setStatus(moved
    ? "The engine wins: you have no move left." : "You have no move: the engine wins.", "lost");
  else setStatus(text ?? "Draw.", "");
  setPhase("over");
}

async function hint() {
  try {
    const answer = await ask("/api/hint", { position: state.position, answer_to: state.lastMoved.engine });
    state.hinted = answer.move;
    const h = $("hint");
    h.textContent = `Hint: ${answer.text}`;
    // The hinted move, for scripts driving the page.
    h.dataset.component = answer.move ? String(answer.move.component) : "";
    h.dataset.to = answer.move ? JSON.stringify(answer.move.to) : "";
    h.hidden = false;
    await render();
  } catch (e) {
    show($("move-error"), e.message);
  }
}

// The engine answers by the server's rule (session_rules.hpp), as `play`'s does.
async function offerDraw() {
  try {
    const a = await ask("/api/draw-offer", { position: state.position });
    if (!a.accepted) {
      setStatus(a.text);
      return;
    }
    await finish(null, a.text);
  } catch (e) {
    show($("move-error"), e.message);
  }
}

async function undo() {
  const last = state.history.at(-1);
  if (!last || state.busy) return;
  state.history.pop();
  Object.assign(state, {
    position: last.position, components: last.components, lastMoved: last.lastMoved, seen: last.seen,
    ply: last.ply, turn: "me", hinted: null, over: false, previous: [],
  });
  show($("hint"), "");
  show($("move-error"), "");
  setStatus("Move taken back. Your move.");
  await render();
  setPhase("my-turn");
}

function newGame() {
  // A new game starts as the first did: values hidden, no picture.
  setValuesShown(false);
  $("picture").hidden = true;
  $("picture").replaceChildren();
  setPhase("setup");
  $("game").hidden = true;
  $("setup").hidden = false;
  show($("hint"), "");
  show($("move-error"), "");
  show($("sum-line"), "");
  setStatus("");
  $("position").focus();
}

function setValuesShown(on) {
  state.showValues = on;
  $("values-button").setAttribute("aria-pressed", String(on));
  $("values-button").textContent = on ? "Hide values" : "Show values";
}

async function toggleValues() {
  setValuesShown(!state.showValues);
  await render();
}

// A picture of G(n) against n (GET /api/plot, drawn by the server as
// `grundy plot` draws it) for each game on heap sizes in the sum.
const PICTURE_HEAPS = 300;

// The picture is fetched rather than named in the img's src: an img that
// fails to load cannot read the answer, and the server's own words say why
// (took too long, past grundy's limits, gnuplot missing).
async function drawPicture(figure, img, game) {
  const url = `/api/plot?game=${encodeURIComponent(game)}&to=${PICTURE_HEAPS}`;
  img.dataset.src = url;  // for scripts and tests: the src is a blob
  const refuse = (why) => figure.replaceChildren(Object.assign(document.createElement("p"), {
    className: "error", textContent: `The picture of ${game} could not be drawn: ${why}.`,
  }));
  let response;
  try {
    response = await fetch(url);
  } catch {
    return refuse("the server cannot be reached: is grundy serve still running?");
  }
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    return refuse(answer.error ?? `the server answered ${response.status}`);
  }
  img.src = URL.createObjectURL(await response.blob());
  img.addEventListener("load", () => URL.revokeObjectURL(img.src), { once: true });
}

function togglePicture() {
  const box = $("picture");
  if (!box.hidden) {
    box.hidden = true;
    box.replaceChildren();
    $("picture-button").setAttribute("aria-pressed", "false");
    return;
  }
  box.replaceChildren(...state.heapGames.map((game) => {
    const figure = document.createElement("figure");
    const img = Object.assign(document.createElement("img"), {
      alt: `G(n) of ${game} for n = 0..${PICTURE_HEAPS}, its rule marked`,
    });
    const caption = Object.assign(document.createElement("figcaption"), {
      textContent: `Each heap size n is a dot at height G(n); grundy plot ${game} --to N draws more.`,
    });
    figure.append(img, caption);
    drawPicture(figure, img, game);
    return figure;
  }));
  box.hidden = false;
  $("picture-button").setAttribute("aria-pressed", "true");
}

$("setup-form").addEventListener("submit", start);
$("hint-button").addEventListener("click", hint);
$("values-button").addEventListener("click", toggleValues);
$("picture-button").addEventListener("click", togglePicture);
$("undo-button").addEventListener("click", undo);
$("draw-button").addEventListener("click", offerDraw);
$("new-button").addEventListener("click", newGame);
loadGames().catch((e) => show($("position-error"), e.message));
