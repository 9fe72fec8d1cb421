// Brouc: the turned trump card, marriages and announcements, card points by team.
import { h, section } from "../dom.js";
import { t } from "../i18n.js";
import { cardView, fact, partners, suit, tricksWon } from "./common.js";

export default {
  ...partners,
  sortOptions: () => ({ rankOrder: ["6", "7", "8", "9", "10", "J", "Q", "K", "A"] }),
  info(obs, ctx) {
    return [
      section(
        t("trump"),
        fact(t("trump"), suit(obs.trump)),
        obs.trump_card ? fact(t("trumpCard"), cardView(obs.trump_card), obs.trump_card_held ? ` (${t("held")})` : "") : null,
        fact(t("cardPoints"), obs.card_points.join(" / ")),
        fact(t("marriages"), obs.marriages.join(" / ")),
        obs.announcements.length
          ? fact(t("announcements"), h("ul", {}, obs.announcements.map((a) => h("li", {}, `${ctx.seatLabel(a.seat)}: ${a.value} `, suit(a.suit)))))
          : null,
      ),
    ];
  },
  dealSheet(deal, ctx) {
    const won = tricksWon(deal.tricks, 4);
    const team = (i) => partners.teamLabel(i, ctx);
    return h(
      "div",
      {},
      fact(t("trump"), suit(deal.trump), deal.trump_card ? [" ", cardView(deal.trump_card)] : null),
      h("table", { class: "sheet" },
        h("thead", {}, h("tr", {}, h("th", {}, ""), h("th", { scope: "col" }, team(0)), h("th", { scope: "col" }, team(1)))),
        h("tbody", {},
          h("tr", {}, h("th", { scope: "row" }, t("cardPoints")), deal.card_points.map((v) => h("td", {}, String(v)))),
          h("tr", {}, h("th", { scope: "row" }, t("marriages")), deal.marriages.map((v) => h("td", {}, String(v)))),
          h("tr", {}, h("th", { scope: "row" }, t("announcements")), [0, 1].map((side) => h("td", {}, String(deal.announcements.filter((a) => a.seat % 2 === side).reduce((sum, a) => sum + a.value, 0))))),
          h("tr", {}, h("th", { scope: "row" }, t("tricksWon")), [0, 1].map((side) => h("td", {}, String(won[side] + won[side + 2])))),
        ),
      ),
    );
  },
};
