// The browser table: the lobby (#), a table (#table/ID), an invitation (#join/ID/SEAT/CODE)
// and a replay (#replay/ID). Everything it shows comes from the server's messages: each
// seat's observation and legal actions, the public view, the events (docs/server.md).
import { actionLabel, cardName, isCard, lang, setLang, t, translatePage } from "./i18n.js";
import { cardButton, cardRow, cardView, sortHand } from "./cards.js";
import { h, section } from "./dom.js";
import { GAMES } from "./games/index.js";

const app = document.getElementById("app");
const announcer = document.getElementById("announce");
const query = new URLSearchParams(location.search);
// How long another seat's move stays on screen before the next one is shown (ms).
const PACE = Number(query.get("pace") ?? localStorage.getItem("cardcore.pace") ?? 800);

// ---- what this browser remembers: its seats' tokens and the invitations it made

function remembered(key) {
  try {
    return JSON.parse(localStorage.getItem(key) || "{}");
  } catch {
    return {};
  }
}
function remember(key, id, value) {
  const all = remembered(key);
  if (value === undefined) delete all[id];
  else all[id] = value;
  localStorage.setItem(key, JSON.stringify(all));
}
const mySeats = () => remembered("cardcore.seats");
const myInvitations = () => remembered("cardcore.invitations");

async function api(method, path, body) {
  const answer = await fetch(path, {
    method,
    headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await answer.json();
  if (!answer.ok) throw new Error(`${t("error")}: ${data.error}`);
  return data;
}

function say(text) {
  announcer.textContent = text;
}

function gameTitle(name) {
  return { brouc: "Brouc", julien: "Le Julien", tarot: "Tarot", five_hundred: "500", jolly: "Jolly" }[name] || name;
}

// ---- the lobby

let gameInfo = null;

async function lobby() {
  closeSocket();
  gameInfo = gameInfo || (await api("GET", "/api/games"));
  const listing = await api("GET", "/api/tables");
  const form = h("form", { class: "create", "aria-labelledby": "new-table" });
  const gameSelect = h(
    "select",
    { id: "game", name: "game" },
    gameInfo.games.map((g) => h("option", { value: g.name }, gameTitle(g.name))),
  );
  const optionsBox = h("fieldset", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats" });
  const name = h("input", { id: "name", value: localStorage.getItem("cardcore.name") || "", maxlength: 40 });
  const clock = h("input", { id: "clock", type: "number", min: 1, value: "" });
  const stake = h("input", { id: "stake", type: "number", min: 0, value: 0 });
  const standIn = h("select", { id: "stand-in" }, gameInfo.levels.map((l) => h("option", { value: l }, l)));
  standIn.value = "medium";

  const playersOf = () => {
    const info = gameInfo.games.find((g) => g.name === gameSelect.value);
    const field = optionsBox.querySelector("[name=players]");
    return field ? Number(field.value) : info.players;
  };
  const drawSeats = () => {
    seatsBox.replaceChildren(h("legend", {}, t("seats")));
    for (let seat = 0; seat < playersOf(); seat += 1) {
      const kind = h(
        "select",
        { id: `seat-${seat}`, class: "seat-kind", "aria-label": `${t("seat")} ${seat + 1}` },
        h("option", { value: "you" }, t("you")),
        h("option", { value: "bot" }, t("bot")),
        h("option", { value: "invited" }, t("invited")),
        h("option", { value: "open" }, t("open")),
      );
      kind.value = seat === 0 ? "you" : "bot";
      const level = h(
        "select",
        { id: `level-${seat}`, "aria-label": `${t("level")} ${seat + 1}` },
        gameInfo.levels.map((l) => h("option", { value: l }, l)),
      );
      level.value = "easy";
      level.hidden = kind.value !== "bot";
      kind.addEventListener("change", () => {
        level.hidden = kind.value !== "bot";
        if (kind.value === "you") {
          for (const other of seatsBox.querySelectorAll(".seat-kind")) {
            if (other !== kind && other.value === "you") other.value = "open";
          }
        }
      });
      seatsBox.append(h("div", { class: "seat-row" }, h("label", { for: `seat-${seat}` }, `${t("seat")} ${seat + 1}`), kind, level));
    }
  };
  const drawOptions = () => {
    const info = gameInfo.games.find((g) => g.name === gameSelect.value);
    optionsBox.replaceChildren(h("legend", {}, t("options")));
    for (const option of info.options) {
      const id = `option-${option.name}`;
      let input;
      const choices = /^one of (.*)$/.exec(option.kind.replace(/^int, /, ""));
      if (option.kind === "bool") {
        input = h("input", { id, name: option.name, type: "checkbox", checked: option.default === true });
      } else if (option.name === "players") {
        input = h("select", { id, name: option.name }, info.player_counts.map((n) => h("option", { value: n }, n)));
        input.value = String(option.default);
        input.addEventListener("change", drawSeats);
      } else if (choices) {
        const values = choices[1].split(/, | or /);
        input = h("select", { id, name: option.name }, values.map((v) => h("option", { value: v === "None" ? "" : v }, v === "None" ? t("options_none") : v)));
        input.value = option.default === null ? "" : String(option.default);
      } else {
        input = h("input", { id, name: option.name, type: "number", value: option.default ?? "", placeholder: option.default === null ? t("options_none") : "" });
      }
      input.dataset.kind = option.kind;
      optionsBox.append(h("div", { class: "option" }, h("label", { for: id, title: option.doc }, option.name.replaceAll("_", " ")), input, h("small", {}, option.doc)));
    }
    drawSeats();
  };
  gameSelect.addEventListener("change", drawOptions);
  drawOptions();

  form.append(
    h("h2", { id: "new-table" }, t("newTable")),
    h("div", { class: "option" }, h("label", { for: "game" }, t("game")), gameSelect),
    optionsBox,
    seatsBox,
    h("div", { class: "option" }, h("label", { for: "name" }, t("yourName")), name),
    h("div", { class: "option" }, h("label", { for: "clock" }, t("clock")), clock),
    h("div", { class: "option" }, h("label", { for: "stand-in" }, t("standIn")), standIn),
    h("div", { class: "option" }, h("label", { for: "stake" }, t("stake")), stake),
    h("button", { type: "submit", id: "create", class: "primary" }, t("create")),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = {};
    for (const input of optionsBox.querySelectorAll("[name]")) {
      const kind = input.dataset.kind;
      if (kind === "bool") options[input.name] = input.checked;
      else if (input.value === "") options[input.name] = null;
      else if (kind.startsWith("int")) options[input.name] = Number(input.value);
      else options[input.name] = input.value;
    }
    const seats = [];
    let mine = null;
    for (const select of seatsBox.querySelectorAll(".seat-kind")) {
      const seat = seats.length;
      const level = document.getElementById(`level-${seat}`).value;
      if (select.value === "you") mine = seat;
      seats.push(select.value === "bot" ? { kind: "bot", level } : select.value === "invited" ? { kind: "invited" } : "open");
    }
    localStorage.setItem("cardcore.name", name.value);
    try {
      const created = await api("POST", "/api/tables", {
        game: gameSelect.value,
        options,
        seats,
        level: standIn.value,
        clock: clock.value === "" ? null : Number(clock.value),
        stake: Number(stake.value || 0),
      });
      if (Object.keys(created.invitations).length) remember("cardcore.invitations", created.table, created.invitations);
      if (mine !== null) await takeSeat(created.table, { seat: mine, name: name.value || undefined }, created.game);
      location.hash = `#table/${created.table}`;
    } catch (error) {
      form.append(h("p", { class: "error", role: "alert" }, error.message));
    }
  });

  const open = listing.tables.length
    ? h("ul", { class: "tables" }, listing.tables.map((table) => tableItem(table)))
    : h("p", {}, t("noTables"));
  const mine = Object.entries(mySeats());
  const yours = mine.length
    ? h(
        "ul",
        { class: "tables" },
        mine.map(([id, seat]) =>
          h("li", {}, `${gameTitle(seat.game)} · ${t("seat")} ${seat.seat + 1} `, h("a", { href: `#table/${id}`, class: "resume" }, t("resume")), " ", h("a", { href: `#replay/${id}` }, t("replay"))),
        ),
      )
    : h("p", {}, t("none"));
  app.replaceChildren(
    h("div", { class: "lobby" }, form, h("div", {}, h("h2", {}, t("openTables")), open, h("h2", {}, t("yourTables")), yours)),
  );
}

function tableItem(table) {
  const seats = table.seats.map((s) => (s.kind === "bot" ? `${t("bot")} (${s.level})` : s.kind === "human" ? s.name || t("seat") : t(s.kind)));
  return h(
    "li",
    { dataset: { table: table.table } },
    h("strong", {}, gameTitle(table.game)),
    ` · ${seats.join(", ")}`,
    table.stake ? ` · ${t("stake")}: ${table.stake}` : "",
    " ",
    h("a", { href: `#table/${table.table}` }, table.seats.some((s) => s.kind === "open") ? `${t("join")} / ${t("watch")}` : t("watch")),
  );
}

async function takeSeat(table, body, game) {
  const joined = await api("POST", `/api/tables/${table}/join`, body);
  remember("cardcore.seats", table, { seat: joined.seat, token: joined.token, game });
  return joined;
}

// ---- a table

let socket = null;
let live = null; // the table on screen: its summary, seats, last message, log

function closeSocket() {
  if (socket) {
    socket.onclose = null;
    socket.close();
    socket = null;
  }
  if (live && live.timer) clearInterval(live.timer);
  live = null;
}

async function tablePage(id) {
  closeSocket();
  const summary = await api("GET", `/api/tables/${id}`);
  const mine = mySeats()[id];
  live = {
    id,
    summary,
    game: summary.game,
    seats: summary.seats,
    seat: null,
    token: mine ? mine.token : null,
    message: summary.view,
    log: [],
    queue: [],
    busy: false,
    holdUntil: 0,
    chooser: null,
    sent: false,
    deadline: null,
  };
  render();
  connect(id);
  live.timer = setInterval(tick, 250);
}

function connect(id) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/api/tables/${id}/ws`);
  const mine = live;
  socket.onopen = () => {
    if (mine.token) socket.send(JSON.stringify({ type: "join", token: mine.token }));
  };
  socket.onmessage = (event) => {
    mine.queue.push(JSON.parse(event.data));
    pump(mine);
  };
  socket.onclose = () => {
    if (live !== mine) return;
    say(t("reconnecting"));
    setTimeout(() => live === mine && connect(id), 1000);
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Handle the table's messages in order. Another seat's move stays on screen PACE ms
 * before whatever follows it is shown (the player's own moves are shown at once). */
async function pump(table) {
  if (table.busy) return;
  table.busy = true;
  while (table.queue.length && live === table) {
    const message = table.queue[0];
    const mine = message.type === "event" ? message.seat === table.seat : table.lastEvent && table.lastEvent.seat === table.seat;
    const wait = table.holdUntil - performance.now();
    if (!mine && wait > 0 && ["event", "state", "view"].includes(message.type)) {
      await sleep(wait);
      continue;
    }
    table.queue.shift();
    if (handle(table, message) && PACE > 0) table.holdUntil = performance.now() + PACE;
  }
  table.busy = false;
}

function handle(table, message) {
  if (message.type === "seats") {
    table.seats = message.seats;
    const mine = mySeats()[table.id];
    if (mine && table.seats[mine.seat].kind !== "human") {
      remember("cardcore.seats", table.id, undefined);
      table.token = null;
    }
    render();
    return false;
  }
  if (message.type === "error") {
    if (message.code === "bad_token") {
      remember("cardcore.seats", table.id, undefined);
      table.token = null;
    }
    table.sent = false;
    table.error = `${t("error")}: ${message.error}`;
    render();
    return false;
  }
  if (message.type === "event") {
    const text = message.action === null ? t("hidden") : actionLabel(message.action);
    const line = `${seatLabel(message.seat)}: ${text}${t("playedBy")[message.by] || ""}`;
    table.log.push({ line, message });
    table.lastEvent = message;
    say(line);
    return false;
  }
  if (message.type === "state" || message.type === "view") {
    table.message = message;
    table.seat = message.type === "state" ? message.seat : null;
    table.sent = false;
    table.chooser = null;
    table.error = null;
    table.deadline = message.clock && message.clock.remaining !== null ? performance.now() + message.clock.remaining * 1000 : null;
    render();
    const event = table.lastEvent;
    table.lastEvent = null;
    return Boolean(event && event.seat !== table.seat && event.step === message.step - 1);
  }
  return false;
}

/** A seat's name; `short` leaves out a bot's level (the score sheet's narrow columns). */
function seatLabel(seat, short = false) {
  if (!live) return `${t("seat")} ${seat + 1}`;
  const info = live.seats[seat];
  if (seat === live.seat) return `${t("you")} (${seat + 1})`;
  if (!info) return `${t("seat")} ${seat + 1}`;
  if (info.kind === "bot") return short ? `${t("bot")} ${seat + 1}` : `${t("bot")} ${seat + 1} (${info.level})`;
  if (info.kind === "human") return `${info.name || t("seat")} (${seat + 1})`;
  return `${t("seat")} ${seat + 1} (${t(info.kind)})`;
}

function observation() {
  const message = live.message;
  if (!message) return null;
  return message.type === "state" ? message.observation : message.view;
}

function tick() {
  if (!live || live.deadline === null) return;
  const clock = document.querySelector(".clock-remaining");
  if (clock) clock.textContent = `${Math.max(0, Math.ceil((live.deadline - performance.now()) / 1000))}${t("seconds")}`;
}

/** Which legal actions belong to which card of the hand: {hand: Map(code -> [texts]),
 * buttons: [texts]}. A card's own text, or "verb CARD ..." (lay 9H, discard 9H, lay JK as
 * 5D), binds to that card; the other actions are buttons. */
function bindActions(legal, obs) {
  const hand = new Map();
  const buttons = [];
  const handCards = new Set(obs.hand || []);
  for (const text of legal) {
    const words = text.split(" ");
    const card = isCard(text) ? text : words.length >= 2 && isCard(words[1]) && words[0] !== "call" ? words[1] : null;
    if (card && handCards.has(card)) {
      if (!hand.has(card)) hand.set(card, []);
      hand.get(card).push(text);
    } else buttons.push(text);
  }
  return { hand, buttons };
}

function send(text) {
  if (!live || live.sent || !live.token) return;
  live.sent = true;
  socket.send(JSON.stringify({ type: "action", token: live.token, action: text, step: live.message.step }));
  for (const element of document.querySelectorAll("[data-action]")) element.disabled = true;
}

function choose(card, texts) {
  if (texts.length === 1) send(texts[0]);
  else {
    live.chooser = { card, texts };
    render();
    const first = document.querySelector(".chooser button");
    if (first) first.focus();
  }
}

function positions(n) {
  return { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"], 5: ["bottom", "left", "top-left", "top-right", "right"] }[n];
}

function render() {
  if (!live) return;
  const obs = observation();
  const module = GAMES[live.game];
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.key : null;
  const n = live.seats.length;
  const me = live.seat;
  const message = live.message || {};
  const legal = message.legal_actions || [];
  const bound = obs ? bindActions(legal, obs) : { hand: new Map(), buttons: [] };
  const ctx = { seatLabel, bound, send, choose, legal, me, n, live };
  const place = positions(n);
  const bottom = me === null ? 0 : me;

  const seats = live.seats.map((info, seat) => {
    const rel = (seat - bottom + n) % n;
    const turn = obs && message.current_player === seat;
    const size = obs && obs.hand_sizes ? obs.hand_sizes[seat] : null;
    const clockHere = message.clock && message.clock.seat === seat && live.deadline !== null;
    return h(
      "div",
      { class: `seat pos-${place[rel]}${turn ? " turn" : ""}`, dataset: { seat }, "aria-current": turn ? "true" : null },
      h("div", { class: "seat-name" }, seatLabel(seat)),
      size !== null && seat !== me ? h("div", { class: "backs", "aria-label": `${size} ${t("cards")}` }, Array.from({ length: Math.min(size, 6) }, () => h("span", { class: "mini-back", "aria-hidden": "true" })), h("span", { class: "count" }, String(size))) : null,
      module.seatNote && obs ? module.seatNote(obs, seat, ctx) : null,
      turn ? h("div", { class: "turn-mark" }, t("turnOf"), clockHere ? [" · ", h("span", { class: "clock-remaining", role: "timer" }, "")] : null) : null,
    );
  });

  // The centre: the trick in progress, each card before its player (or the game's own).
  let centre;
  if (obs && module.center) centre = module.center(obs, ctx);
  else {
    // Between tricks, the last one stays in the middle, dimmed, until the next card.
    const current = (obs && obs.trick) || [];
    const done = !current.length && obs && obs.tricks && obs.tricks.length ? obs.tricks[obs.tricks.length - 1] : null;
    centre = h("div", { class: `trick${done ? " done" : ""}`, role: "group", "aria-label": done ? t("lastTrick") : t("trick") });
    for (const [seat, card] of done ? done.cards : current) {
      const rel = (seat - bottom + n) % n;
      const view = cardView(card);
      view.classList.add(`at-${place[rel]}`);
      if (done && seat === done.winner) view.classList.add("winner");
      view.setAttribute("aria-label", `${seatLabel(seat)}: ${cardName(card)}`);
      centre.append(view);
    }
  }

  // The hand: legal cards clickable, the rest shown.
  const handBox = h("div", { class: "hand", role: "group", "aria-label": t("hand") });
  if (obs && obs.hand) {
    const sorted = sortHand(obs.hand, module.sortOptions ? module.sortOptions(obs) : {});
    sorted.forEach((code, i) => {
      const texts = bound.hand.get(code);
      const button = cardButton(code);
      button.dataset.key = `hand-${code}-${sorted.slice(0, i).filter((c) => c === code).length}`;
      if (texts && !live.sent) {
        button.classList.add("legal");
        if (texts.length === 1) button.dataset.action = texts[0];
        button.dataset.actions = texts.join("|");
        button.setAttribute("aria-label", texts.length === 1 ? actionLabel(texts[0]) : cardName(code));
        button.addEventListener("click", () => choose(code, texts));
      } else {
        button.disabled = true;
        button.setAttribute("aria-label", cardName(code));
      }
      handBox.append(button);
    });
    handBox.addEventListener("keydown", arrowKeys);
  }

  const chooser = live.chooser
    ? h(
        "div",
        { class: "chooser", role: "group", "aria-label": `${t("chooseAction")}: ${cardName(live.chooser.card)}` },
        live.chooser.texts.map((text) => h("button", { type: "button", class: "action", dataset: { action: text, key: `choose-${text}` }, onclick: () => send(text) }, actionLabel(text))),
      )
    : null;

  const actionBar = h(
    "div",
    { class: "actions", role: "group", "aria-label": t("actions") },
    bound.buttons.map((text) =>
      h("button", { type: "button", class: "action", dataset: { action: text, key: `action-${text}` }, disabled: live.sent, onclick: () => send(text) }, actionLabel(text)),
    ),
  );

  const yourTurn = legal.length > 0;
  const status = obs && message.over ? t("matchOver") : me === null ? t("spectator") : yourTurn ? t("yourTurn") : t("notYourTurn");

  // The side: the game's own panels, the last trick, the scores, the log.
  const side = h("aside", { class: "side" });
  if (obs) {
    for (const panel of module.info ? module.info(obs, ctx) : []) side.append(panel);
    const last = obs.tricks && obs.tricks.length ? obs.tricks[obs.tricks.length - 1] : null;
    if (last && !module.center) {
      side.append(section(t("lastTrick"), h("div", { class: "cards small" }, last.cards.map(([seat, card]) => {
        const view = cardView(card);
        view.setAttribute("aria-label", `${seatLabel(seat)}: ${cardName(card)}`);
        return view;
      })), h("p", {}, `${t("winner")} ${seatLabel(last.winner)}`)));
    }
    side.append(scoreSheet(obs, module, ctx));
    const ended = dealSheet(obs, module, ctx);
    if (ended) side.prepend(ended);
  }
  const recent = live.log.slice(-12);
  side.append(section(t("log"), h("ol", { class: "log", start: live.log.length - recent.length + 1 }, recent.map((entry) => h("li", {}, entry.line)))));

  const joinBox = me === null && !message.over
    ? h("div", { class: "join" }, live.seats.filter((s) => s.kind === "open").map((s) =>
        h("button", { type: "button", class: "take-seat", dataset: { seat: s.seat }, onclick: async () => {
          try {
            const joined = await takeSeat(live.id, { seat: s.seat, name: localStorage.getItem("cardcore.name") || undefined }, live.game);
            live.token = joined.token;
            socket.send(JSON.stringify({ type: "join", token: joined.token }));
          } catch (error) {
            live.error = error.message;
            render();
          }
        } }, `${t("takeSeat")} ${s.seat + 1}`)))
    : null;

  const invitations = myInvitations()[live.id];
  const inviteBox = invitations && live.seats.some((s) => s.kind === "invited")
    ? section(t("invitations"), h("ul", {}, Object.entries(invitations).filter(([seat]) => live.seats[seat] && live.seats[seat].kind === "invited").map(([seat, code]) => {
        const link = `${location.origin}${location.pathname}#join/${live.id}/${seat}/${code}`;
        return h("li", {}, `${t("seat")} ${Number(seat) + 1}: `, h("a", { class: "invite-link", href: link, dataset: { seat } }, link));
      })))
    : null;

  const header = h(
    "div",
    { class: "table-head" },
    h("h2", {}, `${gameTitle(live.game)} · ${t("table")} ${live.id}`),
    h("span", {}, `${t("step")} ${message.step ?? 0}`),
    live.summary.stake ? h("span", {}, `${t("stake")}: ${live.summary.stake}`) : null,
    h("span", { class: "status", role: "status" }, status),
    message.over ? h("a", { href: `#replay/${live.id}`, class: "replay-link" }, t("replay")) : null,
    me !== null && !message.over ? h("button", { type: "button", class: "leave", onclick: leave }, t("leave")) : null,
  );

  app.replaceChildren(
    h(
      "div",
      { class: `table game-${live.game}`, dataset: { step: message.step ?? 0, seat: me ?? "", over: message.over ? "1" : "0" } },
      header,
      live.error ? h("p", { class: "error", role: "alert" }, live.error) : null,
      inviteBox,
      joinBox,
      h("div", { class: "felt" }, seats, h("div", { class: "centre" }, centre)),
      h("div", { class: "mine" }, handBox, chooser, actionBar),
      side,
    ),
  );
  tick();
  if (focused) {
    const again = document.querySelector(`[data-key="${CSS.escape(focused)}"]:not([disabled])`);
    const fallback = focused.startsWith("hand-") || focused.startsWith("action-") || focused.startsWith("choose-")
      ? document.querySelector(".hand button:not([disabled]), .actions button:not([disabled])")
      : null;
    (again || fallback)?.focus();
  }
}

function arrowKeys(event) {
  if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
  const cards = [...event.currentTarget.querySelectorAll("button:not([disabled])")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0 || !cards.length) return;
  const next = cards[(at + (event.key === "ArrowRight" ? 1 : cards.length - 1)) % cards.length];
  next.focus();
  event.preventDefault();
}

async function leave() {
  if (!live || !live.token) return;
  await api("POST", `/api/tables/${live.id}/leave`, { token: live.token });
  remember("cardcore.seats", live.id, undefined);
  live.token = null;
  location.hash = "#";
}

// ---- the score sheet: each deal's scores, the match's standing, the deal's result

const SHEETS = ["deal_scores", "tour_scores", "round_scores"];

function scoreSheet(obs, module, ctx) {
  const rows = SHEETS.map((key) => obs[key]).find((value) => Array.isArray(value)) || [];
  const teams = Boolean(module.teams && module.teams(obs));
  const columns = teams ? 2 : rows.length ? rows[0].length : (obs.scores || []).length;
  const heads = Array.from({ length: columns }, (_, i) => (teams ? (module.teamLabel ? module.teamLabel(i, ctx) : `${i + 1}`) : seatLabel(i, true)));
  const totals = teams && module.teamTotals ? module.teamTotals(obs) : obs.scores || [];
  const table = h(
    "table",
    { class: "sheet" },
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("deal")), heads.map((head) => h("th", { scope: "col" }, head)))),
    h("tbody", {}, rows.map((row, i) => h("tr", {}, h("th", { scope: "row" }, String(i + 1)), row.map((v) => h("td", {}, String(v)))))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, t("total")), totals.map((v) => h("td", {}, String(v))))),
  );
  return section(t("scoreSheet"), table);
}

// The deal just ended, as the rules count it: the observation itself once the match is
// over, else the record of the previous deal that every game's observation keeps.
const RECORDS = ["previous_deal", "previous_tour", "previous_round"];

function dealSheet(obs, module, ctx) {
  const record = obs.phase === "over" ? obs : RECORDS.map((key) => obs[key]).find((value) => value);
  if (!record || !module.dealSheet) return null;
  const rows = SHEETS.map((key) => obs[key]).find((value) => Array.isArray(value)) || [];
  const scores = rows[rows.length - 1];
  return h(
    "section",
    { class: "panel deal-sheet", "aria-labelledby": "deal-sheet-title" },
    h("h3", { id: "deal-sheet-title" }, t("dealEnd")),
    module.dealSheet(record, ctx),
    scores ? h("p", { class: "fact" }, h("span", { class: "fact-label" }, `${t("scores")}: `), scores.join(" / ")) : null,
  );
}

// ---- an invitation link: take the reserved seat, then the table

async function joinByInvitation(id, seat, code) {
  closeSocket();
  const summary = await api("GET", `/api/tables/${id}`);
  const name = h("input", { id: "guest-name", value: localStorage.getItem("cardcore.name") || "", maxlength: 40 });
  const form = h(
    "form",
    { class: "invited" },
    h("h2", {}, `${gameTitle(summary.game)} · ${t("table")} ${id}`),
    h("div", { class: "option" }, h("label", { for: "guest-name" }, t("yourName")), name),
    h("button", { type: "submit", class: "primary", id: "accept" }, `${t("join")} (${t("seat")} ${Number(seat) + 1})`),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    localStorage.setItem("cardcore.name", name.value);
    try {
      await takeSeat(id, { seat: Number(seat), invitation: code, name: name.value || undefined }, summary.game);
      location.hash = `#table/${id}`;
    } catch (error) {
      form.append(h("p", { class: "error", role: "alert" }, error.message));
    }
  });
  app.replaceChildren(form);
}

// ---- the replay viewer: a finished match, step by step, seen by one seat or by all

async function replayPage(id) {
  closeSocket();
  const log = await api("GET", `/api/tables/${id}/replay`);
  const module = GAMES[log.game];
  let step = log.actions.length;
  let viewer = 0;
  const box = h("div", { class: "replay-board" });
  const logList = h("ol", { class: "log replay-log", start: 1 }, log.actions.map((a) => h("li", { dataset: { step: a.step } }, `${t("seat")} ${a.seat + 1}: ${actionLabel(a.action)}`)));
  const slider = h("input", { type: "range", min: 0, max: log.actions.length, value: step, id: "replay-step", "aria-label": t("step") });
  const who = h("select", { id: "replay-seat", "aria-label": t("viewAs") }, log.seats.map((s) => h("option", { value: s.seat }, `${t("seat")} ${s.seat + 1}`)));
  const show = async () => {
    const answer = await api("GET", `/api/tables/${id}/replay/${step}`);
    slider.value = step;
    const obs = answer.observations[viewer];
    const ctx = { seatLabel: (seat) => `${t("seat")} ${seat + 1}`, bound: { hand: new Map(), buttons: [] }, legal: [], n: log.seats.length, me: viewer };
    const last = step > 0 ? log.actions[step - 1] : null;
    const hands = answer.observations.map((o, seat) =>
      h("div", { class: "replay-hand" }, h("strong", {}, `${t("seat")} ${seat + 1}`), cardRow(sortHand(o.hand || [], module.sortOptions ? module.sortOptions(o) : {}), "cards small")),
    );
    const trick = cardRow(((obs.trick || []).map(([, card]) => card)), "cards");
    box.replaceChildren(
      h("p", { class: "replay-where", role: "status" }, `${t("step")} ${step} / ${log.actions.length}`, last ? ` · ${t("seat")} ${last.seat + 1}: ${actionLabel(last.action)}${t("playedBy")[last.by] || ""}` : ""),
      h("div", { class: "replay-hands" }, hands),
      h(
        "div",
        { class: "replay-panels" },
        module.center ? h("div", { class: "felt replay-felt" }, module.center(obs, { ...ctx, send: () => {} })) : section(t("trick"), trick),
        h("div", { class: "replay-side" }, module.info ? module.info(obs, ctx) : [], dealSheet(obs, module, ctx), scoreSheet(obs, module, ctx)),
      ),
    );
    for (const item of logList.children) item.classList.toggle("current", Number(item.dataset.step) === step - 1);
  };
  const go = (to) => {
    step = Math.max(0, Math.min(log.actions.length, to));
    show();
  };
  slider.addEventListener("input", () => go(Number(slider.value)));
  who.addEventListener("change", () => {
    viewer = Number(who.value);
    show();
  });
  const button = (label, id2, to) => h("button", { type: "button", id: id2, onclick: () => go(to()) }, label);
  app.replaceChildren(
    h(
      "div",
      { class: "replay" },
      h("h2", {}, `${t("replayOf")} ${id} · ${gameTitle(log.game)}`),
      h("div", { class: "replay-controls" }, button(t("first"), "replay-first", () => 0), button(t("prev"), "replay-prev", () => step - 1), slider, button(t("next"), "replay-next", () => step + 1), button(t("last"), "replay-last", () => log.actions.length), h("label", {}, t("viewAs"), " ", who)),
      box,
      section(t("log"), logList),
    ),
  );
  await show();
}

// ---- routing and preferences

async function route() {
  const parts = location.hash.replace(/^#\/?/, "").split("/");
  try {
    if (parts[0] === "table" && parts[1]) await tablePage(parts[1]);
    else if (parts[0] === "join" && parts[3]) await joinByInvitation(parts[1], parts[2], parts[3]);
    else if (parts[0] === "replay" && parts[1]) await replayPage(parts[1]);
    else await lobby();
  } catch (error) {
    app.replaceChildren(h("p", { class: "error", role: "alert" }, error.message), h("a", { href: "#" }, t("back")));
  }
}

function preferences() {
  const language = document.getElementById("language");
  language.value = lang();
  setLang(lang());
  language.addEventListener("change", () => {
    setLang(language.value);
    translatePage();
    if (live) render();
    else route();
  });
  const four = document.getElementById("four-colour");
  four.checked = localStorage.getItem("cardcore.four") === "1";
  document.body.classList.toggle("four-colour", four.checked);
  four.addEventListener("change", () => {
    localStorage.setItem("cardcore.four", four.checked ? "1" : "0");
    document.body.classList.toggle("four-colour", four.checked);
  });
  translatePage();
}

preferences();
window.addEventListener("hashchange", route);
route();
