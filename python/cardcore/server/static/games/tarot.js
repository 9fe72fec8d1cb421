// French Tarot: the bids, the call at five, the chien shown and the discard, the poignées,
// the slam, and the deal's result as the rules count it.
import { h, section } from "../dom.js";
import { cardName, t } from "../i18n.js";
import { bidNote, cardRow, fact, resultFacts } from "./common.js";

export default {
  seatNote: bidNote,
  info(obs, ctx) {
    const label = ctx.seatLabel;
    return [
      section(
        t("contract"),
        fact(t("contract"), obs.contract || "—"),
        obs.taker !== null ? fact(t("taker"), label(obs.taker)) : null,
        obs.called ? fact(t("called"), cardName(obs.called)) : null,
        obs.partner !== null && obs.partner !== undefined ? fact(t("partner"), label(obs.partner)) : null,
        fact(t("chien"), cardRow(obs.chien || [], "cards small chien")),
        obs.discard && obs.discard.length ? fact(t("discard"), cardRow(obs.discard, "cards small")) : null,
        obs.poignees.some((p) => p) ? fact(t("poignees"), h("ul", {}, obs.poignees.map((p, seat) => (p ? h("li", {}, `${label(seat)}: `, cardRow(Array.isArray(p) ? p : p.cards || [], "cards small")) : null)))) : null,
        obs.slam ? fact(t("slam"), "✓") : null,
      ),
    ];
  },
  result(obs) {
    return resultFacts(obs.result, { points: t("cardPoints"), target: "target", bouts: "bouts", difference: "±", petit_au_bout: "petit au bout", slam: t("slam"), stake: t("stake"), made: "✓" });
  },
};
