// One module per game: its panels, its sorting, its centre (Jolly's row and melds).
import brouc from "./brouc.js";
import five_hundred from "./five_hundred.js";
import jolly from "./jolly.js";
import julien from "./julien.js";
import tarot from "./tarot.js";

export const GAMES = { brouc, julien, tarot, five_hundred, jolly };
