// 500: the auction, the kitty and its discard, the named suit, misère's open hand.
import { h, section } from "../dom.js";
import { actionLabel, t } from "../i18n.js";
import { cardRow, fact, partners, yesNo } from "./common.js";

export default {
  ...partners,
  // Each seat's last bid; misère's open hand face up before the bidder.
  seatNote(obs, seat, ctx) {
    const said = obs.bids.filter(([, who]) => who === seat);
    const last = said.length ? said[said.length - 1][0] : null;
    const open = obs.open_hand && obs.bidder === seat && seat !== ctx.me;
    return h(
      "div",
      {},
      last ? h("div", { class: "bid" }, actionLabel(last)) : null,
      open ? h("div", { class: "open-hand", "aria-label": t("openHand") }, cardRow(obs.open_hand, "cards small")) : null,
    );
  },
  info(obs, ctx) {
    return [
      section(
        t("contract"),
        fact(t("contract"), obs.contract || "—"),
        obs.bidder !== null ? fact(t("taker"), ctx.seatLabel(obs.bidder)) : null,
        fact(t("kitty"), cardRow(obs.kitty || [], "cards small")),
        obs.discard && obs.discard.length ? fact(t("discard"), cardRow(obs.discard, "cards small")) : null,
        obs.named ? fact(t("named"), obs.named) : null,
        obs.open_hand ? fact(t("openHand"), cardRow(obs.open_hand, "cards small open-hand")) : null,
      ),
      section(t("bids"), h("ol", { class: "auction" }, obs.bids.map(([bid, seat]) => h("li", {}, `${ctx.seatLabel(seat)}: ${actionLabel(bid)}`)))),
    ];
  },
  dealSheet(deal, ctx) {
    const r = deal.result;
    if (!r) return h("p", {}, `${t("contract")}: —`);
    return h(
      "div",
      {},
      fact(t("contract"), `${deal.contract} · ${t("taker")}: ${ctx.seatLabel(deal.bidder)}`),
      fact(t("tricksWon"), `${partners.teamLabel(0, ctx)}: ${r.tricks[0]} · ${partners.teamLabel(1, ctx)}: ${r.tricks[1]}`),
      fact(t("made"), yesNo(r.made)),
    );
  },
};
