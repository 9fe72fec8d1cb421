// Jolly: a turn a card at a time. The row of discards (take the last k: click the k-th card
// from its end), the melds on the table (click one to lay a card off on it), the meld being
// built, the stock.
import { h, section } from "../dom.js";
import { actionLabel, cardName, t } from "../i18n.js";
import { cardRow, cardView, fact, perSeat, yesNo } from "./common.js";

function meldCards(cards) {
  return h("div", { class: "cards small meld-cards" }, cards.map(([card, as, seat]) => {
    const view = cardView(card);
    if (seat !== undefined && seat !== null) view.append(h("span", { class: "by", title: `${seat + 1}` }, `'${seat + 1}`));
    if (card === "JK" && as) {
      view.setAttribute("aria-label", `joker = ${cardName(as)}`);
      view.append(h("span", { class: "as" }, as));
    }
    return view;
  }));
}

export default {
  seatNote(obs, seat) {
    return obs.opened && obs.opened[seat] ? h("div", { class: "bid" }, t("opened")) : null;
  },
  center(obs, ctx) {
    const legal = new Set(ctx.legal || []);
    const row = h("div", { class: "row cards", role: "group", "aria-label": t("row") });
    obs.row.forEach((card, i) => {
      const take = `take ${obs.row.length - i}`;
      if (legal.has(take)) {
        const button = h("button", { type: "button", class: "card-slot legal", dataset: { action: take, key: `row-${i}` }, "aria-label": `${actionLabel(take)}: ${cardName(card)}`, onclick: () => ctx.send(take) }, cardView(card));
        row.append(button);
      } else row.append(cardView(card));
    });
    const melds = h("ol", { class: "melds", "aria-label": t("melds") }, obs.melds.map((meld, i) => {
      const on = `on meld ${i}`;
      const body = [h("span", { class: "meld-kind" }, `${i} · ${meld.kind}`), meldCards(meld.cards)];
      return h("li", { class: obs.selected === i ? "selected" : null, "aria-current": obs.selected === i ? "true" : null }, legal.has(on) ? h("button", { type: "button", class: "meld legal", dataset: { action: on, key: `meld-${i}` }, onclick: () => ctx.send(on) }, body) : h("div", { class: "meld" }, body));
    }));
    return h(
      "div",
      { class: "jolly-centre" },
      h("div", { class: "stock" }, h("span", { class: "card back", "aria-hidden": "true" }), ` ${t("stock")}: ${obs.stock_size}`),
      section(t("row"), obs.row.length ? row : h("p", {}, t("empty"))),
      obs.building && obs.building.length ? section(t("building"), meldCards(obs.building)) : null,
      section(t("melds"), melds),
    );
  },
  info(obs) {
    return [
      section(
        `${t("round")} ${obs.round}`,
        fact(t("stock"), String(obs.stock_size)),
        obs.drawn ? fact(t("drawnFrom"), t(obs.drawn === "row" ? "row" : "stock")) : null,
        obs.taken && obs.taken.length ? fact(t("takenFromRow"), cardRow(obs.taken, "cards small")) : null,
        obs.selected !== null && obs.selected !== undefined ? fact(t("layingOff"), `${t("melds")} ${obs.selected}`) : null,
      ),
    ];
  },
  dealSheet(round, ctx) {
    const r = round.result;
    if (!r) return null;
    return h(
      "div",
      {},
      fact(t("finisher"), r.finisher === null ? "—" : ctx.seatLabel(r.finisher)),
      fact(t("mainJolly"), yesNo(r.main_jolly)),
      fact(`${t("tableValues")} / ${t("penalties")}`, perSeat(r.table.map((v, seat) => `${v} / ${r.penalties[seat]}`), ctx)),
    );
  },
};
