// Le Julien: the bids (Rouge, Noir, Couleur contracts), the talon (masked or not), the
// trump of each trick, the Spéco's take or leave.
import { h, section } from "../dom.js";
import { actionLabel, t } from "../i18n.js";
import { bidNote, cardRow, fact, perSeat, suit, tricksWon } from "./common.js";

export default {
  sortOptions: () => ({ rankOrder: ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"] }),
  seatNote: bidNote,
  info(obs, ctx) {
    return [
      section(
        `${t("tour")} ${obs.tour}`,
        fact(t("tour"), obs.tour_kind === "speco" ? t("speco") : obs.tour_kind),
        fact(t("trump"), suit(obs.trump)),
        fact(`${t("talon")}${obs.options.masked_talon ? ` (${t("maskedTalon")})` : ""}`, cardRow(obs.talon || [], "cards small")),
        obs.specials_holder !== null ? fact(t("specials"), ctx.seatLabel(obs.specials_holder)) : null,
      ),
      section(t("bids"), h("ol", {}, obs.bids.map((bid, seat) => h("li", {}, `${ctx.seatLabel(seat)}: ${bid === null ? "—" : actionLabel(bid)}`)))),
    ];
  },
  dealSheet(tour, ctx) {
    const won = tricksWon(tour.tricks, 4);
    return h(
      "div",
      {},
      fact(t("tour"), `${tour.tour} (${tour.tour_kind === "speco" ? t("speco") : tour.tour_kind})`),
      fact(`${t("bids")} / ${t("tricksWon")}`, perSeat(tour.bids.map((bid, seat) => `${bid ?? "—"} / ${won[seat]}`), ctx)),
    );
  },
};
