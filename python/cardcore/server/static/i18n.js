// French and English: the page's words, the cards' names and the engine's action texts.
// The language comes from the browser's (navigator.languages) until the player picks one.

const WORDS = {
  en: {
    lobby: "cardcore", fourColour: "four-colour deck", language: "language",
    newTable: "New table", game: "Game", options: "Options", seats: "Seats", seat: "Seat",
    you: "you", open: "open", invited: "a friend (invitation link)", bot: "bot",
    level: "level", clock: "seconds per turn (empty: no clock)", stake: "stake (points at stake)",
    standIn: "level of the bot that plays for an absent seat", yourName: "your name",
    create: "Create the table", openTables: "Open tables", yourTables: "Your tables",
    none: "none", join: "Join", watch: "Watch", resume: "Resume", replay: "Replay",
    table: "Table", status: "status", step: "step", playing: "playing", over: "over",
    waiting: "waiting for players", hand: "Your hand", trick: "Trick", lastTrick: "Last trick",
    trump: "Trump", scores: "Scores", bids: "Bids", actions: "Your move", notYourTurn: "waiting",
    cards: "cards", invitations: "Invitation links", copy: "copy", takeSeat: "Take this seat",
    leave: "Give up my seat", spectator: "You are watching.", log: "Moves",
    playedBy: { human: "", bot: " (bot)", clock: " (the clock's bot)" },
    hidden: "a hidden action", scoreSheet: "Score sheet", deal: "Deal", standing: "Standing",
    total: "Total", contract: "Contract", taker: "Taker", partner: "Partner", called: "Called",
    chien: "The dog (chien)", discard: "Discard", kitty: "Kitty", talon: "Talon",
    poignees: "Handfuls (poignées)", slam: "Slam", announcements: "Announcements",
    marriages: "Marriages", row: "Row", melds: "Melds", building: "Meld being built",
    stock: "Stock", tour: "Tour", trumpCard: "Turned trump card", openHand: "Open hand (misère)",
    cardPoints: "Card points", result: "Result", yourTurn: "Your turn", turnOf: "to play",
    seconds: "s", back: "Back to the lobby", first: "start", prev: "previous", next: "next",
    last: "end", viewAs: "seen by", everyone: "everyone", replayOf: "Replay of table",
    matchOver: "The match is over.", noTables: "No table is open.", error: "Refused",
    options_none: "(default)", chooseAction: "Choose", named: "Named suit", speco: "Spéco",
    maskedTalon: "masked talon", leader: "lead", winner: "won by", opened: "opened",
    left: "left", top: "top", right: "right", empty: "empty", reconnecting: "reconnecting…",
    dealEnd: "The last deal", yes: "yes", no: "no", made: "Made", tricksWon: "Tricks won",
    bouts: "Oudlers (bouts)", difference: "Over or under", petitAuBout: "Petit au bout",
    contractValue: "Contract's value", target: "Points needed", penalties: "Penalties",
    tableValues: "Laid on the table", finisher: "Went out", mainJolly: "Main jolly (all at once)",
    capes: "Capes", deals: "deals", round: "Round", specials: "The specials held by", drawnFrom: "Drawn from", takenFromRow: "Taken from the row", layingOff: "Laying off on", held: "still in the dealer's hand",
  },
  fr: {
    lobby: "cardcore", fourColour: "jeu quatre couleurs", language: "langue",
    newTable: "Nouvelle table", game: "Jeu", options: "Options", seats: "Places", seat: "Place",
    you: "vous", open: "libre", invited: "un ami (lien d'invitation)", bot: "robot",
    level: "niveau", clock: "secondes par tour (vide : sans pendule)",
    stake: "la mise (points en jeu)",
    standIn: "niveau du robot qui joue pour une place absente", yourName: "votre nom",
    create: "Créer la table", openTables: "Tables ouvertes", yourTables: "Vos tables",
    none: "aucune", join: "S'asseoir", watch: "Regarder", resume: "Reprendre", replay: "Revoir",
    table: "Table", status: "état", step: "coup", playing: "en cours", over: "terminée",
    waiting: "en attente de joueurs", hand: "Votre main", trick: "Pli", lastTrick: "Dernier pli",
    trump: "Atout", scores: "Scores", bids: "Enchères", actions: "À vous", notYourTurn: "attente",
    cards: "cartes", invitations: "Liens d'invitation", copy: "copier",
    takeSeat: "Prendre cette place", leave: "Quitter ma place", spectator: "Vous regardez.",
    log: "Coups", playedBy: { human: "", bot: " (robot)", clock: " (le robot de la pendule)" },
    hidden: "une action cachée", scoreSheet: "Feuille de marque", deal: "Donne",
    standing: "Classement", total: "Total", contract: "Contrat", taker: "Preneur",
    partner: "Partenaire", called: "Appelé", chien: "Le chien", discard: "Écart",
    kitty: "Talon (kitty)", talon: "Talon", poignees: "Poignées", slam: "Chelem",
    announcements: "Annonces", marriages: "Mariages", row: "Rangée", melds: "Combinaisons",
    building: "Combinaison en cours", stock: "Pioche", tour: "Tour",
    trumpCard: "Carte d'atout retournée", openHand: "Main ouverte (misère)",
    cardPoints: "Points des cartes", result: "Résultat", yourTurn: "À vous de jouer",
    turnOf: "doit jouer", seconds: " s", back: "Retour au salon", first: "début",
    prev: "précédent", next: "suivant", last: "fin", viewAs: "vu par", everyone: "tous",
    replayOf: "Revoir la table", matchOver: "La partie est finie.",
    noTables: "Aucune table ouverte.", error: "Refusé", options_none: "(par défaut)",
    chooseAction: "Choisir", named: "Couleur nommée", speco: "Spéco",
    maskedTalon: "talon masqué", leader: "entame", winner: "gagné par", opened: "ouvert",
    left: "gauche", top: "haut", right: "droite", empty: "vide", reconnecting: "reconnexion…",
    dealEnd: "La dernière donne", yes: "oui", no: "non", made: "Réussi", tricksWon: "Plis gagnés",
    bouts: "Bouts", difference: "Écart", petitAuBout: "Petit au bout",
    contractValue: "Valeur du contrat", target: "Points à faire", penalties: "Pénalités",
    tableValues: "Posé sur la table", finisher: "Sorti", mainJolly: "Main jolly (tout d'un coup)",
    capes: "Capes", deals: "donnes", round: "Manche", specials: "Les spéciales tenues par", drawnFrom: "Pioché dans", takenFromRow: "Pris dans la rangée", layingOff: "Ajout sur", held: "encore dans la main du donneur",
  },
};

const RANKS = {
  en: { A: "ace", K: "king", Q: "queen", C: "knight", J: "jack" },
  fr: { A: "as", K: "roi", Q: "dame", C: "cavalier", J: "valet" },
};
const SUITS = {
  en: { S: "spades", H: "hearts", D: "diamonds", C: "clubs" },
  fr: { S: "pique", H: "cœur", D: "carreau", C: "trèfle" },
};
const SUIT_WORDS = {
  en: { spades: "spades", hearts: "hearts", diamonds: "diamonds", clubs: "clubs", "no trump": "no trump" },
  fr: { spades: "pique", hearts: "cœur", diamonds: "carreau", clubs: "trèfle", "no trump": "sans atout" },
};

let current = pick();

function pick() {
  const saved = localStorage.getItem("cardcore.lang");
  if (saved === "en" || saved === "fr") return saved;
  for (const language of navigator.languages || [navigator.language || "en"]) {
    const code = language.slice(0, 2).toLowerCase();
    if (code === "fr" || code === "en") return code;
  }
  return "en";
}

export function lang() {
  return current;
}

export function setLang(code) {
  current = code === "fr" ? "fr" : "en";
  localStorage.setItem("cardcore.lang", current);
  document.documentElement.lang = current;
}

export function t(key) {
  const value = WORDS[current][key];
  return value === undefined ? WORDS.en[key] ?? key : value;
}

const CARD = /^(?:(10|[2-9AKQCJ])([SHDC])|(\d{1,2})T|EX|JK|RJ|BJ)$/;

export function isCard(text) {
  return typeof text === "string" && CARD.test(text);
}

/** A card's name for screen readers and titles: "queen of hearts", "dame de cœur". */
export function cardName(code) {
  if (code === null || code === undefined) return current === "fr" ? "carte cachée" : "hidden card";
  const fr = current === "fr";
  if (code === "EX") return fr ? "l'Excuse" : "the Excuse";
  if (code === "JK") return "joker";
  if (code === "RJ") return fr ? "joker rouge" : "red joker";
  if (code === "BJ") return fr ? "joker noir" : "black joker";
  const match = CARD.exec(code);
  if (!match) return code;
  if (match[3]) return fr ? `atout ${match[3]}` : `trump ${match[3]}`;
  const rank = RANKS[current][match[1]] || match[1];
  const suit = SUITS[current][match[2]];
  return fr ? `${rank} de ${suit}` : `${rank} of ${suit}`;
}

// The engine's action texts, in words: [pattern, English, French]. $1.. are the groups;
// {card1} is the card name of group 1.
const ACTIONS = [
  [/^pass$/, "pass", "passe"],
  [/^prise$/, "prise (take)", "prise"],
  [/^garde$/, "garde (guard)", "garde"],
  [/^garde sans$/, "garde sans (guard without the dog)", "garde sans"],
  [/^garde contre$/, "garde contre (guard against the dog)", "garde contre"],
  [/^call (\S+)$/, "call the {card1}", "appeler le {card1}"],
  [/^slam$/, "announce the slam", "annoncer le chelem"],
  [/^no slam$/, "no slam", "pas de chelem"],
  [/^no poignee$/, "no handful (poignée)", "pas de poignée"],
  [/^poignee$/, "show a handful (poignée)", "montrer une poignée"],
  [/^double poignee$/, "show a double handful (double poignée)", "montrer une double poignée"],
  [/^triple poignee$/, "show a triple handful (triple poignée)", "montrer une triple poignée"],
  [/^discard (\S+)$/, "discard the {card1}", "écarter le {card1}"],
  [/^take$/, "take the trump card (Spéco)", "prendre la carte d'atout (Spéco)"],
  [/^leave$/, "leave the trump card (Spéco)", "laisser la carte d'atout (Spéco)"],
  [/^Rouge$/, "Rouge (red)", "Rouge"],
  [/^Noir$/, "Noir (black)", "Noir"],
  [/^(\d+) Rouges$/, "$1 Rouges (red)", "$1 Rouges"],
  [/^(\d+) Noires$/, "$1 Noires (black)", "$1 Noires"],
  [/^(\d+) (spades|hearts|diamonds|clubs|no trump)$/, "$1 {suit2}", "$1 {suit2}"],
  [/^misere$/, "misère", "misère"],
  [/^open misere$/, "open misère", "misère ouverte"],
  [/^name (spades|hearts|diamonds|clubs)$/, "name {suit1}", "nommer {suit1}"],
  [/^draw$/, "draw from the stock", "piocher"],
  [/^take (\d+)$/, "take the last $1 of the row", "prendre les $1 dernières de la rangée"],
  [/^lay (\S+) high$/, "lay the {card1} (high)", "poser le {card1} (haut)"],
  [/^lay JK as (\S+?)( high)?$/, "lay a joker as {card1}$2", "poser un joker comme {card1}$2"],
  [/^lay (\S+)$/, "lay the {card1}", "poser le {card1}"],
  [/^on meld (\d+)$/, "onto meld $1", "sur la combinaison $1"],
  [/^close$/, "close the meld", "fermer la combinaison"],
  [/^undo$/, "undo", "reprendre"],
];

const RANK_ONLY = { en: RANKS.en, fr: RANKS.fr };

function jokerTarget(code) {
  // "lay JK as 5" names a rank alone (a set's joker)
  if (/^(10|[2-9AKQJ])$/.test(code)) return RANK_ONLY[current][code] || code;
  return cardName(code);
}

/** An action's text in words, for its button and for screen readers. */
export function actionLabel(text) {
  if (isCard(text)) return cardName(text);
  for (const [pattern, en, fr] of ACTIONS) {
    const match = pattern.exec(text);
    if (!match) continue;
    let out = current === "fr" ? fr : en;
    out = out.replace(/\{card(\d)\}/g, (_, i) =>
      pattern.source.includes("JK as") ? jokerTarget(match[i]) : cardName(match[i]),
    );
    out = out.replace(/\{suit(\d)\}/g, (_, i) => SUIT_WORDS[current][match[i]] || match[i]);
    out = out.replace(/\$(\d)/g, (_, i) => match[i] || "");
    return out;
  }
  return text;
}

/** Fill every [data-i18n] element of the page with its word. */
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    element.textContent = t(element.dataset.i18n);
  }
}
