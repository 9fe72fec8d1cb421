// What several games share: a labelled value, the suits' symbols, two teams of partners.
import { h } from "../dom.js";
import { cardRow, cardView } from "../cards.js";
import { actionLabel, t } from "../i18n.js";

export const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** One line of facts: a label and its value (text or elements). */
export function fact(label, ...value) {
  return h("div", { class: "fact" }, h("span", { class: "fact-label" }, `${label}: `), ...value);
}

/** A suit letter as its symbol, coloured as the deck colours it. */
export function suit(letter) {
  if (!letter) return t("none");
  return h("span", { class: `suit-${letter} suit-symbol`, "aria-label": letter }, SUIT_SYMBOL[letter] || letter);
}

export { cardRow, cardView };

/** Two teams of partners facing each other (seats 0 and 2, 1 and 3): the sheets' columns. */
export const partners = {
  teams: () => true,
  teamLabel: (team) => `${t("seats")} ${team + 1} & ${team + 3}`,
  teamTotals: (obs) => [obs.scores[0], obs.scores[1]],
};

/** Each seat's bid under its name (a list by seat, null for none yet). */
export function bidNote(obs, seat) {
  const bid = obs.bids ? obs.bids[seat] : null;
  return bid ? h("div", { class: "bid" }, actionLabel(bid)) : null;
}

/** A yes or a no, in words. */
export function yesNo(value) {
  return value ? t("yes") : t("no");
}

/** How many tricks each seat won (a list by seat). */
export function tricksWon(tricks, n) {
  const won = Array.from({ length: n }, () => 0);
  for (const trick of tricks || []) won[trick.winner] += 1;
  return won;
}

/** One line per seat: its label and a value (a list by seat). */
export function perSeat(values, ctx) {
  return h("ul", { class: "per-seat" }, values.map((value, seat) => h("li", {}, `${ctx.seatLabel(seat)}: `, value)));
}
