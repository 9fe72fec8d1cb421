// Brouc: the turned trump card, marriages and announcements, card points by team.
import { h, section } from "../dom.js";
import { t } from "../i18n.js";
import { cardView, fact, partners, suit } from "./common.js";

export default {
  ...partners,
  sortOptions: () => ({ rankOrder: ["6", "7", "8", "9", "10", "J", "Q", "K", "A"] }),
  info(obs) {
    return [
      section(
        t("trump"),
        fact(t("trump"), suit(obs.trump)),
        obs.trump_card ? fact(t("trumpCard"), cardView(obs.trump_card), obs.trump_card_held ? " ✋" : "") : null,
        fact(t("cardPoints"), obs.card_points.join(" / ")),
        fact(t("marriages"), obs.marriages.join(" / ")),
        obs.announcements.length
          ? fact(t("announcements"), h("ul", {}, obs.announcements.map((a) => h("li", {}, `${a.seat + 1}: ${a.value} `, suit(a.suit)))))
          : null,
      ),
    ];
  },
};
