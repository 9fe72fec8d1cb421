// Cards drawn with CSS and text: no image. A card is a button (clickable when one of its
// actions is legal) or a plain element, named for screen readers by cardName.
import { cardName } from "./i18n.js";

const SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const RANK_TEXT = { C: "C", J: "J", Q: "Q", K: "K", A: "A" };

/** The parts of a card's code: {rank, suit} (suit "T" a Tarot trump, "X" a joker or the Excuse). */
export function parse(code) {
  if (code === "EX") return { rank: "EX", suit: "X" };
  if (code === "JK" || code === "RJ" || code === "BJ") return { rank: code, suit: "X" };
  const trump = /^(\d{1,2})T$/.exec(code);
  if (trump) return { rank: trump[1], suit: "T" };
  return { rank: code.slice(0, -1), suit: code.slice(-1) };
}

function face(code, element) {
  const { rank, suit } = parse(code);
  element.classList.add("card", `suit-${suit}`);
  if (code === "RJ") element.classList.add("suit-H");
  const corner = document.createElement("span");
  corner.className = "corner";
  const pip = document.createElement("span");
  pip.className = "pip";
  if (suit === "T") {
    corner.textContent = rank;
    pip.textContent = "✦";
  } else if (suit === "X") {
    corner.textContent = code === "EX" ? "★" : "JK";
    pip.textContent = code === "EX" ? "Excuse" : "JOKER";
  } else {
    corner.textContent = (RANK_TEXT[rank] || rank) + SYMBOLS[suit];
    pip.textContent = SYMBOLS[suit];
  }
  corner.setAttribute("aria-hidden", "true");
  pip.setAttribute("aria-hidden", "true");
  element.append(corner, pip);
  element.dataset.card = code;
  return element;
}

/** A card shown face up (code) or face down (null): a span with its name as its label. */
export function cardView(code) {
  const element = document.createElement("span");
  element.setAttribute("role", "img");
  if (code === null || code === undefined) {
    element.className = "card back";
    element.setAttribute("aria-label", cardName(null));
    return element;
  }
  face(code, element);
  element.setAttribute("aria-label", cardName(code));
  element.title = cardName(code);
  return element;
}

/** A card as a button (for a hand or a row): enabled when it has legal actions. */
export function cardButton(code) {
  const element = document.createElement("button");
  element.type = "button";
  face(code, element);
  element.title = cardName(code);
  return element;
}

const SUIT_ORDER = { S: 0, H: 1, C: 2, D: 3, T: 4, X: 5 };
const RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K", "A"];

/** A hand sorted as players sort it: suits apart, alternating colours, ranks rising;
 * a game may give its own order of ranks (rankOrder) and of suits (suitOrder). */
export function sortHand(hand, { rankOrder = RANKS, suitOrder = SUIT_ORDER } = {}) {
  const key = (code) => {
    const { rank, suit } = parse(code);
    const r = suit === "T" ? Number(rank) : suit === "X" ? 99 : rankOrder.indexOf(rank);
    return [suitOrder[suit] ?? 9, r];
  };
  return [...hand].sort((a, b) => {
    const [sa, ra] = key(a);
    const [sb, rb] = key(b);
    return sa - sb || ra - rb;
  });
}

/** A row of cards (a trick, a talon, a meld), face up or down. */
export function cardRow(codes, className = "cards") {
  const row = document.createElement("div");
  row.className = className;
  for (const code of codes) row.append(cardView(code));
  return row;
}
