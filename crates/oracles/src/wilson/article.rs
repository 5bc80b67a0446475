//! Wilson's published tables (seed 004), typed in as data. Nothing computes
//! with them: `nimforge wilson table` derives every table from the solver's
//! codes (`oracle::wilson`) and prints beside each row whether it matches.

/// "The bases prove to be 1, 2, 3, 4, 6, 11, 13, 14, 16, 31, 33, 49, 69, 86".
pub const BASES: [u16; 14] = [1, 2, 3, 4, 6, 11, 13, 14, 16, 31, 33, 49, 69, 86];

/// The period of the Table of Equivalents: `34n + r ≡ LAW[r]`.
pub const PERIOD: u16 = 34;

/// Table of Equivalents, "apart from the seven exceptions": `34n + r ≡ LAW[r]`.
pub const LAW: [u16; 34] = [14, 69, 2, 3, 4, 1, 6, 3, 2, 1, 6, 11, 4, 13, 14, 49, 16, 31, 86, 11, 6, 1, 2, 3, 6, 1, 4, 3, 2, 1, 14, 31, 6, 33];

/// "The seven exceptions are 1 ≡ 15 ≡ 35 ≡ 1, 18 ≡ 32 ≡ 52 ≡ 4, 17 ≡ 13".
pub const EXCEPTIONS: [(u16, u16); 7] = [(1, 1), (15, 1), (35, 1), (18, 4), (32, 4), (52, 4), (17, 13)];

/// Table of 3-base Wins, in the article's order; `true` where marked with
/// an asterisk (fundamental).
pub const THREE_BASE_WINS: [([u16; 3], bool); 18] = [
    ([3, 2, 1], true),
    ([6, 4, 2], true),
    ([11, 4, 3], true),
    ([11, 6, 1], false),
    ([13, 4, 1], true),
    ([13, 6, 3], false),
    ([13, 11, 2], false),
    ([16, 14, 2], true),
    ([31, 14, 3], true),
    ([31, 16, 1], false),
    ([33, 14, 11], true),
    ([33, 16, 13], false),
    ([33, 31, 4], false),
    ([49, 14, 1], true),
    ([49, 16, 3], false),
    ([49, 31, 2], false),
    ([49, 33, 6], false),
    ([86, 69, 3], true),
];

/// The chart "Groups 1 to 52": each base's row.
pub const CHART: [(u16, &[u16]); 12] = [
    (1, &[1, 5, 9, 15, 21, 25, 29, 35, 39, 43]),
    (2, &[2, 8, 22, 28, 36, 42]),
    (3, &[3, 7, 23, 27, 37, 41]),
    (4, &[4, 12, 18, 26, 32, 38, 46, 52]),
    (6, &[6, 10, 20, 24, 40, 44]),
    (11, &[11, 19, 45]),
    (13, &[13, 17, 47]),
    (14, &[14, 30, 34, 48]),
    (16, &[16, 50]),
    (31, &[31, 51]),
    (33, &[33]),
    (49, &[49]),
];

/// The closing example: "28, 53, 1, 16 ... He has 48 feasible moves, but
/// only 6 sound moves", the six named: 16 into 13, 1 or 11, 3 or 8, 6; 28
/// into 16, 10 or 14, 12; 53 into 30, 21.
pub const EXAMPLE: [u16; 4] = [28, 53, 1, 16];
/// The "48 feasible moves" from [`EXAMPLE`]: the moves that leave an even
/// number of counters.
pub const EXAMPLE_EVEN_MOVES: usize = 48;
/// The six sound moves from [`EXAMPLE`], as the rows they leave (the group
/// taken from replaced by its pieces where it stood).
pub const EXAMPLE_SOUND_MOVES: [[u16; 5]; 6] =
    [[28, 53, 1, 13, 1], [28, 53, 1, 11, 3], [28, 53, 1, 8, 6], [16, 10, 53, 1, 16], [14, 12, 53, 1, 16], [28, 30, 21, 1, 16]];
