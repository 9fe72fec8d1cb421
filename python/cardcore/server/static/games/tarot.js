// French Tarot: the bids, the call at five, the chien shown and the discard, the poignées,
// the slam, and the deal's result as the rules count it.
import { h, section } from "../dom.js";
import { cardName, t } from "../i18n.js";
import { bidNote, cardRow, fact, yesNo } from "./common.js";

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
        obs.poignees.some((p) => p) ? fact(t("poignees"), h("ul", {}, obs.poignees.map((p, seat) => (p ? h("li", { class: "poignee" }, `${label(seat)} (${p.level}): `, cardRow(p.shown, "cards small")) : null)))) : null,
        obs.slam ? fact(t("slam"), "✓") : null,
      ),
    ];
  },
  dealSheet(deal, ctx) {
    const r = deal.result;
    if (!r) return h("p", {}, `${t("contract")}: —`);
    return h(
      "div",
      {},
      fact(t("contract"), `${deal.contract} · ${t("taker")}: ${ctx.seatLabel(deal.taker)}`),
      fact(t("bouts"), String(r.bouts)),
      fact(t("cardPoints"), `${r.points} / ${t("target")} ${r.target}`),
      fact(t("difference"), String(r.difference)),
      fact(t("made"), yesNo(r.made)),
      r.petit_au_bout !== null ? fact(t("petitAuBout"), String(r.petit_au_bout)) : null,
      r.slam !== null ? fact(t("slam"), String(r.slam)) : null,
      fact(t("contractValue"), String(r.stake)),
      fact(t("chien"), cardRow(deal.chien || [], "cards small")),
    );
  },
};
