/* The search core in C: the same search as dfs.py + tableau.py + yukon.py + klondike.py,
 * move for move, built as the extension module solver.search._native.
 *
 * The Python modules are the readable reference and hold the full soundness arguments; this
 * file repeats each argument in short next to the code that relies on it, and names the
 * Python function it ports. tests/solver/test_native.py holds the two engines to the same
 * verdicts, the same node counts and the same first moves, and replays every native win
 * through the rules engine.
 *
 * Data layout (one struct Game, no allocation per node):
 *   cards       card = suit * 13 + rank, suits S H D C, rank 0 (ace) .. 12 (king);
 *   col[i]      the face-up cards of column i, bottom to top, len[i] of them;
 *   down[i]     the face-down cards, fixed from the start (they never move), ndown[i] of
 *               them still face down (down[i][0 .. ndown[i]));
 *   found[s]    cards of suit s home;
 *   where[c]    the column of face-up card c, -1 otherwise;
 *   sup[c]      what face-up card c lies on: a card, BASE (bottom face-up card), NONE;
 *   talon       Klondike: waste bottom to top then stock in turning order; ptr = waste size.
 * A move is a 64-bit integer: two 32-bit steps (a compound move has both), each
 * kind << 24 | a << 16 | b << 8 | c. A step's undo record is a small struct (Rec); do()
 * changes the position in place and undo() restores it: no copies.
 *
 * The "seen" table holds 128-bit Zobrist keys. Every field of the Python key (the games'
 * key()) is one feature: (card, support) per card, (column, face-down count) per column,
 * (suit, cards home), each column start, each card still in the talon, ptr, passes and
 * the pending card. (The Python key holds the talon's sequence; within one search the talon
 * only ever loses cards, the rest keeping their order, so its set of cards names its
 * sequence and two positions of one search have the same talon iff the same set.) A key is
 * the XOR of its features' 128-bit random words (from a fixed splitmix64 stream). Two
 * different Python keys differ in at least one feature, so their
 * XORs differ by a non-empty XOR of random words: equal with probability 2^-128. A false
 * "seen" could fake a loss, so the bound matters: a search stores at most MAX_ENTRIES
 * (under 2^25) keys, so the chance of any collision in one search is below 2^50 / 2^129. The support
 * and talon parts are kept up to date by do()/undo() (set_sup, talon_key); the toggled
 * cards' masks, the face-down counts and the column starts are XORed in when the key is
 * taken.
 *
 * Memory: the seen table starts at 2^12 slots of 16 bytes and doubles when 3/4 full, up to
 * 2^25 slots (512 MiB); a search that would store more than MAX_ENTRIES (3 * 2^23, the
 * largest table 3/4 full) keys stops with "unknown", like any other budget. While the
 * table doubles the old one (half the size) is still there: at most 768 MiB at that
 * moment. The move and record stacks grow with the depth of the search (a few hundred
 * bytes a level, at most one level per node). So one search takes at most 768 MiB plus
 * that, and far less when it stores fewer keys.
 */

#define PY_SSIZE_T_CLEAN
#define _GNU_SOURCE /* MADV_HUGEPAGE */
#include <Python.h>
#include <ctype.h>
#include <stdint.h>
#include <sys/mman.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BASE 0xF1
#define NONE 0xF0
#define TOGGLE 0xF3
#define KING 12
#define HOME 255 /* a step's target "home" (the Python code's -1) */

#define LOG_MIN_SLOTS 12
#define LOG_MAX_SLOTS 25
#define MAX_ENTRIES (3u << 23) /* 3/4 of the largest table */

#define WIN 0
#define LOSS 1
#define UNKNOWN 2
#define NOMEM 3

/* ---------------------------------------------------------------------------------------- */
/* Cards (cards.py)                                                                           */

/* Looked up rather than divided by 13: they run in the innermost loops. A card is 0..51;
 * the tables hold 256 entries so that any byte reads something defined. */
static uint8_t SUIT_OF[256], RANK_OF[256], TWIN_OF[256];
#define SUIT(c) (SUIT_OF[(uint8_t)(c)])
#define RANK(c) (RANK_OF[(uint8_t)(c)])
#define TWIN(c) (TWIN_OF[(uint8_t)(c)]) /* same rank and colour, other suit */

static const int OPPOSITE[4][2] = {{1, 2}, {0, 3}, {0, 3}, {1, 2}};
static const int MATE[4] = {3, 2, 1, 0};
static int PARENTS[52][2], NPARENTS[52];   /* the cards c may land on */
static int CHILDREN[52][2], NCHILDREN[52]; /* the cards that may land on c */
static uint8_t FITS[52][52];               /* b may lie on a in an ordered run */
static const char *CODES[52];
static char CODE_TEXT[52][3];

static void init_cards(void) {
    const char *ranks = "A23456789TJQK", *suits = "SHDC";
    for (int c = 0; c < 52; c++) {
        SUIT_OF[c] = (uint8_t)(c / 13);
        RANK_OF[c] = (uint8_t)(c % 13);
        TWIN_OF[c] = (uint8_t)((3 - c / 13) * 13 + c % 13);
    }
    for (int c = 0; c < 52; c++) {
        CODE_TEXT[c][0] = ranks[RANK(c)];
        CODE_TEXT[c][1] = suits[SUIT(c)];
        CODE_TEXT[c][2] = 0;
        CODES[c] = CODE_TEXT[c];
        NPARENTS[c] = NCHILDREN[c] = 0;
        for (int n = 0; n < 2; n++) {
            int o = OPPOSITE[SUIT(c)][n];
            if (RANK(c) < KING) PARENTS[c][NPARENTS[c]++] = o * 13 + RANK(c) + 1;
            if (RANK(c) > 0) CHILDREN[c][NCHILDREN[c]++] = o * 13 + RANK(c) - 1;
        }
    }
    memset(FITS, 0, sizeof FITS);
    for (int a = 0; a < 52; a++)
        for (int n = 0; n < NCHILDREN[a]; n++) FITS[a][CHILDREN[a][n]] = 1;
}

/* cards.is_safe_home: sending `card` (the next of its suit) home can never cost the win when
 * every card of the other colour up to one rank below, and of the same colour up to two
 * below, is home. Proof (in full in cards.py): those cards L are closed under landing; in
 * any winning line, the position with X and every card of L lifted home makes the same
 * moves legal (each moved card outside L lands on the same top, a foundation it needs is as
 * high, the talon is untouched), so it wins too. */
static inline int is_safe_home(int card, const int *found) {
    int rank = RANK(card), suit = SUIT(card);
    return found[OPPOSITE[suit][0]] >= rank && found[OPPOSITE[suit][1]] >= rank &&
           found[MATE[suit]] >= rank - 1;
}

/* ---------------------------------------------------------------------------------------- */
/* Zobrist words                                                                              */

typedef struct {
    uint64_t a, b;
} Key;

static Key Z_SUP[52][55]; /* support index: a card 0..51, NONE 52, BASE 53, TOGGLE 54 */
static Key Z_NDOWN[7][53];
static Key Z_FOUND[4][14];
static Key Z_START[52];
static Key Z_TALON[52]; /* card c is still in the talon */
static Key Z_PTR[53];
static Key Z_PASSES[202]; /* min(passes, 200); 201: unlimited */
static Key Z_PENDING[57];
/* Z_TOGGLE[t][n]: what marking TOGGLE changes in the key of t's n-th child lying on t's twin */
static Key Z_TOGGLE[52][2];
static uint8_t TOGGLER[52][2]; /* t's children; an ace's: itself, with a zero Z_TOGGLE */

static inline void kx(Key *k, Key z) {
    k->a ^= z.a;
    k->b ^= z.b;
}

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void fill(Key *words, size_t n, uint64_t *state) {
    for (size_t i = 0; i < n; i++) {
        words[i].a = splitmix(state);
        words[i].b = splitmix(state);
    }
}

static void init_keys(void) {
    uint64_t state = 0x59756B6F6E4B6C6EULL;
    fill(&Z_SUP[0][0], sizeof Z_SUP / sizeof(Key), &state);
    fill(&Z_NDOWN[0][0], sizeof Z_NDOWN / sizeof(Key), &state);
    fill(&Z_FOUND[0][0], sizeof Z_FOUND / sizeof(Key), &state);
    fill(Z_START, 52, &state);
    fill(Z_TALON, 52, &state);
    fill(Z_PTR, 53, &state);
    fill(Z_PASSES, 202, &state);
    fill(Z_PENDING, 57, &state);
    for (int t = 0; t < 52; t++)
        for (int n = 0; n < 2; n++) {
            TOGGLER[t][n] = (uint8_t)(NCHILDREN[t] ? CHILDREN[t][n] : t);
            if (!NCHILDREN[t]) continue;
            int x = CHILDREN[t][n], q = TWIN(t);
            Z_TOGGLE[t][n].a = Z_SUP[x][q].a ^ Z_SUP[x][54].a;
            Z_TOGGLE[t][n].b = Z_SUP[x][q].b ^ Z_SUP[x][54].b;
        }
}

static inline int sup_index(int v) {
    if (v < 52) return v;
    return v == NONE ? 52 : v == BASE ? 53 : 54;
}

/* ---------------------------------------------------------------------------------------- */
/* The position                                                                               */

typedef struct {
    uint8_t col[7][53];
    int len[7];
    uint8_t down[7][53];
    int ndown[7];
    int init_ndown[7];
    int init_base[7]; /* the bottom face-up card at the start, -1 if none */
    int found[4];
    int where[52];
    uint8_t at[52]; /* card c lies at col[where[c]][at[c]] (when where[c] >= 0) */
    uint8_t sup[52];
    int hidden;
    Key sup_key;   /* XOR of Z_SUP[c][sup[c]] over all cards */
    Key talon_key; /* XOR of Z_TALON[c] over the talon's cards */
    Key ndown_key; /* XOR of Z_NDOWN[i][ndown[i]] over the columns */
    /* rules switches (tableau.py / klondike.py class attributes) */
    int klondike, toggles, lift_bases, prune_returns;
    /* Klondike */
    int draw, passes; /* passes: -1 = unlimited */
    uint8_t talon[53];
    int tlen, ptr;
    int delay_plays, pending;
    /* the deadlock proof's answers, per vector of face-down counts */
    uint8_t *dead_cache;
    int dead_mult[7];
    int dead_index; /* the sum of ndown[i] * dead_mult[i] */
} Game;

static inline void set_sup(Game *g, int c, int v) {
    kx(&g->sup_key, Z_SUP[c][sup_index(g->sup[c])]);
    g->sup[c] = (uint8_t)v;
    kx(&g->sup_key, Z_SUP[c][sup_index(v)]);
}

static inline int top(const Game *g, int i) { return g->len[i] ? g->col[i][g->len[i] - 1] : -1; }

static inline int index_in(const Game *g, int i, int card) { /* card lies in column i */
    (void)i;
    return g->at[card];
}

static inline int ordered(const Game *g, int i, int k) { /* klondike._ordered */
    for (int n = k; n < g->len[i] - 1; n++)
        if (!FITS[g->col[i][n]][g->col[i][n + 1]]) return 0;
    return 1;
}

static inline int can_lift(const Game *g, int i, int k) { /* Yukon: any; Klondike: a run */
    return g->klondike ? ordered(g, i, k) : 1;
}

/* ---------------------------------------------------------------------------------------- */
/* Moves and records                                                                          */

typedef uint32_t Step; /* kind << 24 | a << 16 | b << 8 | c */
typedef uint64_t Move; /* first step | second step << 32 (0: none; kind 0 has c <= 6) */

#define STEP(kind, a, b, c) \
    ((Step)(((uint32_t)(kind) << 24) | ((uint32_t)(a) << 16) | ((uint32_t)(b) << 8) | (uint32_t)(c)))
#define KIND(s) ((int)((s) >> 24))
#define SA(s) ((int)(((s) >> 16) & 0xFF))
#define SB(s) ((int)(((s) >> 8) & 0xFF))
#define SC(s) ((int)((s) & 0xFF))
#define NO_STEP 0xFFFFFFFFu
#define SINGLE(s) ((Move)(s) | ((Move)NO_STEP << 32))
#define PAIR(s, t) ((Move)(s) | ((Move)(t) << 32))
#define FIRST(m) ((Step)((m) & 0xFFFFFFFFu))
#define SECOND(m) ((Step)((m) >> 32))

/* Steps:
 *   kind 0 (i, k, j)       col[i][k] with everything on it to column j
 *   kind 1 (i)             column i's top home
 *   kind 2 (s, j)          suit s's foundation top to column j
 *   kind 3 (q, j, redeal)  talon[q] to column j (HOME: home), after d's (and an r)     */

typedef struct {
    uint8_t kind, i, j, k; /* kind 3: i = q */
    uint8_t old_len_j, old_nd, card, old_sup;
    uint8_t redeal, old_ptr, old_tlen;
    int32_t old_passes;
} Sub;

typedef struct {
    Sub s[2];
    uint8_t n;
    int16_t old_pending;
} Rec;

static void flip(Game *g, int i) {
    int nd = g->ndown[i] - 1, flipped = g->down[i][nd];
    kx(&g->ndown_key, Z_NDOWN[i][nd + 1]);
    kx(&g->ndown_key, Z_NDOWN[i][nd]);
    g->dead_index -= g->dead_mult[i];
    g->ndown[i] = nd;
    g->hidden--;
    g->where[flipped] = i;
    g->at[flipped] = 0;
    set_sup(g, flipped, BASE);
    g->col[i][0] = (uint8_t)flipped;
    g->len[i] = 1;
}

static void do_step(Game *g, Step st, Sub *r) {
    int kind = KIND(st);
    r->kind = (uint8_t)kind;
    if (kind == 0) {
        int i = SA(st), k = SB(st), j = SC(st);
        int x = g->col[i][k], n = g->len[i] - k;
        r->i = (uint8_t)i;
        r->j = (uint8_t)j;
        r->k = (uint8_t)k;
        r->old_len_j = (uint8_t)g->len[j];
        r->old_nd = (uint8_t)g->ndown[i];
        r->card = (uint8_t)x;
        r->old_sup = g->sup[x];
        set_sup(g, x, g->len[j] ? top(g, j) : BASE);
        for (int m = 0; m < n; m++) {
            int c = g->col[i][k + m];
            g->where[c] = j;
            g->at[c] = (uint8_t)(g->len[j] + m);
            g->col[j][g->len[j] + m] = (uint8_t)c;
        }
        g->len[j] += n;
        g->len[i] = k;
        if (k == 0 && g->ndown[i]) flip(g, i);
    } else if (kind == 1) {
        int i = SA(st), c = top(g, i);
        r->i = (uint8_t)i;
        r->j = HOME;
        r->old_nd = (uint8_t)g->ndown[i];
        r->card = (uint8_t)c;
        r->old_sup = g->sup[c];
        g->where[c] = -1;
        set_sup(g, c, NONE);
        g->found[SUIT(c)]++;
        g->len[i]--;
        if (!g->len[i] && g->ndown[i]) flip(g, i);
    } else if (kind == 2) {
        int s = SA(st), j = SB(st);
        g->found[s]--;
        int c = s * 13 + g->found[s];
        r->j = (uint8_t)j;
        r->card = (uint8_t)c;
        r->old_len_j = (uint8_t)g->len[j];
        set_sup(g, c, g->len[j] ? top(g, j) : BASE);
        g->at[c] = (uint8_t)g->len[j];
        g->col[j][g->len[j]++] = (uint8_t)c;
        g->where[c] = j;
    } else { /* 3: klondike.do_talon */
        int q = SA(st), j = SB(st), redeal = SC(st);
        int c = g->talon[q];
        r->i = (uint8_t)q;
        r->j = (uint8_t)j;
        r->card = (uint8_t)c;
        r->redeal = (uint8_t)redeal;
        r->old_ptr = (uint8_t)g->ptr;
        r->old_tlen = (uint8_t)g->tlen;
        r->old_passes = (int32_t)g->passes;
        memmove(g->talon + q, g->talon + q + 1, (size_t)(g->tlen - q - 1));
        kx(&g->talon_key, Z_TALON[c]);
        g->tlen--;
        g->ptr = q;
        if (redeal && g->passes >= 0) g->passes--;
        if (j == HOME) {
            g->found[SUIT(c)]++;
        } else {
            r->old_len_j = (uint8_t)g->len[j];
            set_sup(g, c, g->len[j] ? top(g, j) : BASE);
            g->at[c] = (uint8_t)g->len[j];
            g->col[j][g->len[j]++] = (uint8_t)c;
            g->where[c] = j;
        }
    }
}

static void undo_step(Game *g, const Sub *r) {
    int kind = r->kind;
    if (kind == 3) {
        int q = r->i, c = r->card;
        memmove(g->talon + q + 1, g->talon + q, (size_t)(g->tlen - q));
        g->talon[q] = (uint8_t)c;
        kx(&g->talon_key, Z_TALON[c]);
        g->tlen++;
        g->ptr = r->old_ptr;
        g->passes = r->old_passes;
        if (r->j == HOME) {
            g->found[SUIT(c)]--;
        } else {
            g->where[c] = -1;
            set_sup(g, c, NONE);
            g->len[r->j] = r->old_len_j;
        }
        return;
    }
    if (kind != 2 && g->ndown[r->i] != r->old_nd) { /* put the flipped card back down */
        int i = r->i, flipped = g->col[i][0];
        g->where[flipped] = -1;
        set_sup(g, flipped, NONE);
        kx(&g->ndown_key, Z_NDOWN[i][g->ndown[i]]);
        kx(&g->ndown_key, Z_NDOWN[i][r->old_nd]);
        g->dead_index += g->dead_mult[i];
        g->ndown[i] = r->old_nd;
        g->hidden++;
        g->len[i] = 0;
    }
    if (kind == 0) {
        int i = r->i, j = r->j, k = r->k, n = g->len[j] - r->old_len_j;
        for (int m = 0; m < n; m++) {
            int c = g->col[j][r->old_len_j + m];
            g->where[c] = i;
            g->at[c] = (uint8_t)(k + m);
            g->col[i][k + m] = (uint8_t)c;
        }
        g->len[i] = k + n;
        g->len[j] = r->old_len_j;
        set_sup(g, r->card, r->old_sup);
    } else if (kind == 1) {
        int i = r->i, c = r->card;
        g->where[c] = i;
        set_sup(g, c, r->old_sup);
        g->found[SUIT(c)]--;
        g->at[c] = (uint8_t)g->len[i];
        g->col[i][g->len[i]++] = (uint8_t)c;
    } else {
        int c = r->card;
        g->where[c] = -1;
        set_sup(g, c, NONE);
        g->found[SUIT(c)]++;
        g->len[r->j] = r->old_len_j;
    }
}

/* klondike.KlondikeGame.do: in draw 1 with unlimited passes, what the next move must use. */
static void do_move(Game *g, Move m, Rec *rec) {
    rec->old_pending = (int16_t)g->pending;
    do_step(g, FIRST(m), &rec->s[0]);
    rec->n = 1;
    if (SECOND(m) != NO_STEP) {
        do_step(g, SECOND(m), &rec->s[1]);
        rec->n = 2;
    }
    if (g->delay_plays) {
        const Sub *last = &rec->s[rec->n - 1];
        if (last->kind != 3)
            g->pending = -1;
        else if (last->j != HOME)
            g->pending = last->card;
        else /* a talon card home: 52 + its suit, unless it ends its suit */
            g->pending = RANK(last->card) == KING ? -1 : 52 + SUIT(last->card);
    }
}

static void undo_move(Game *g, const Rec *rec) {
    for (int n = rec->n - 1; n >= 0; n--) undo_step(g, &rec->s[n]);
    g->pending = rec->old_pending;
}

/* ---------------------------------------------------------------------------------------- */
/* Growable stacks                                                                            */

struct Entry {
    Move move;
    Key key;     /* the key of the position it leads to (after its automatic moves) */
    uint8_t won; /* it leads to a won position (with the finish) */
};

typedef struct {
    Rec *recs;
    size_t nrecs, caprecs;
    struct Entry *moves; /* the moves of every level on the path, see push_moves */
    size_t nmoves, capmoves;
    int failed; /* an allocation failed: the search ends as unknown */
} Stacks;

static Rec *push_rec(Stacks *st) {
    if (st->nrecs == st->caprecs) {
        size_t cap = st->caprecs ? 2 * st->caprecs : 256;
        Rec *p = realloc(st->recs, cap * sizeof(Rec));
        if (!p) {
            st->failed = 1;
            return NULL;
        }
        st->recs = p;
        st->caprecs = cap;
    }
    return &st->recs[st->nrecs++];
}

static int play(Game *g, Stacks *st, Move m) {
    Rec *r = push_rec(st);
    if (!r) return 0;
    do_move(g, m, r);
    return 1;
}

/* ---------------------------------------------------------------------------------------- */
/* The deadlock proof (deadlock.py)                                                           */

/* A face-down card X leaves its column only once every card above it has, and then only
 * home (every lower card of its suit has left its pile), onto a parent lying face up on top
 * (outside the piles, or with everything above it in its pile gone), or, a king, to an
 * empty column. Growing the set of cards that may leave, optimistically, and finding a pile
 * card never added proves no win exists. A pile is a column's face-down cards and the
 * face-up card lying on them. */
static int deadlocked(const Game *g) {
    uint8_t pile[7][54];
    int plen[7], npiles = 0;
    int pj[52], pm[52];
    for (int c = 0; c < 52; c++) pj[c] = -1;
    for (int i = 0; i < 7; i++) {
        int h = g->ndown[i];
        if (!h) continue;
        int n = 0;
        for (int m = 0; m < h; m++) pile[npiles][n++] = g->down[i][m];
        if (h != g->init_ndown[i])
            pile[npiles][n++] = g->down[i][h]; /* flipped, so it lies on the rest */
        else if (g->init_base[i] >= 0)
            pile[npiles][n++] = (uint8_t)g->init_base[i];
        plen[npiles] = n;
        for (int m = 0; m < n; m++) {
            pj[pile[npiles][m]] = npiles;
            pm[pile[npiles][m]] = m;
        }
        npiles++;
    }
    int left[7];
    for (int j = 0; j < npiles; j++) left[j] = plen[j];
    int progress = 1;
    while (progress) {
        progress = 0;
        for (int j = 0; j < npiles; j++) {
            int m = left[j] - 1;
            if (m < 0) continue;
            int x = pile[j][m], may = 0;
            if (RANK(x) == KING) {
                may = 1;
            } else {
                for (int n = 0; n < NPARENTS[x] && !may; n++) {
                    int p = PARENTS[x][n];
                    if (pj[p] < 0 || left[pj[p]] <= pm[p] + 1) may = 1;
                }
                if (!may) {
                    may = 1;
                    for (int y = x - RANK(x); y < x; y++)
                        if (pj[y] >= 0 && left[pj[y]] > pm[y]) {
                            may = 0;
                            break;
                        }
                }
            }
            if (may) {
                left[j] = m;
                progress = 1;
            }
        }
    }
    for (int j = 0; j < npiles; j++)
        if (left[j]) return 1;
    return 0;
}

/* deadlock.never_home: whether some card can never go home. It grows the events that may
 * ever happen (c turns up, tops a column, leaves what it lies on now, goes home; some
 * column is empty) from what holds now, cards home counting as all four. An event is added
 * only once a condition holds that must hold just before it first happens: a card turns up,
 * or becomes a top, only when the card lying on it now leaves it; it goes home only as a
 * top, after the card below it in its suit; a face-up card leaves only home, onto a parent
 * topping a column, or, a king, to an empty column; a column first empties when its bottom
 * card leaves; a talon card goes home after the card below it, and tops a column once it
 * lands as a card leaving would, or was home; either only once it may be the waste top (see
 * reached below; deadlock.never_home has the argument). Every event of any line is added (induction
 * over its moves), and a win sends every card home: a card never added home proves the
 * position lost. Sound under Yukon's moves, so under Klondike's, which are fewer. */
#define BIT(c) (1ull << (c))
#define SUIT_BITS 0x1FFFull
#define ACES (BIT(0) | BIT(13) | BIT(26) | BIT(39))
#define ALL_CARDS ((1ull << 52) - 1)

/* The cards with a parent among `tops`: suit s's 13 bits hold ranks 0..12, so a card's
 * parents of one suit are that suit's bits one place up. */
static inline uint64_t under_tops(uint64_t tops) {
    uint64_t red = ((tops >> 13) | (tops >> 26)) & SUIT_BITS, black = (tops | (tops >> 39)) & SUIT_BITS;
    red >>= 1;
    black >>= 1;
    return red | black << 13 | black << 26 | red << 39;
}

/* The same events as deadlock.never_home, as sets of cards (bit c: card c): up, top,
 * leaves, home, and a flag for an empty column. */
static int never_home(const Game *g) {
    uint64_t home = 0, up, top, leaves, talon = 0, bottoms = 0;
    uint64_t under[52]; /* the card c lies on in its column (its bit; 0 if none) */
    int empty = 0;
    for (int s = 0; s < 4; s++) home |= ((1ull << g->found[s]) - 1) << (13 * s);
    up = top = leaves = home; /* (under[] is read only for column cards, all set below) */
    for (int i = 0; i < 7; i++) {
        int nd = g->ndown[i], len = g->len[i];
        uint64_t prev = 0;
        if (!nd && !len) {
            empty = 1;
            continue;
        }
        bottoms |= BIT(nd ? g->down[i][0] : g->col[i][0]);
        for (int m = 0; m < nd; m++) {
            int c = g->down[i][m];
            under[c] = prev;
            prev = BIT(c);
        }
        for (int m = 0; m < len; m++) {
            int c = g->col[i][m];
            up |= BIT(c);
            under[c] = prev;
            prev = BIT(c);
        }
        top |= prev;
    }
    for (int q = 0; q < g->tlen; q++) talon |= BIT(g->talon[q]);
    up |= talon;
    leaves |= talon;
    /* reached: the talon cards that may be the waste top (deadlock.never_home): now, by d's
     * and at most one r with no card leaving; later, once a card below it in the talon, or
     * the one just above, has left (gone home or topped a column). */
    uint64_t reached = 0;
    int n = g->tlen, all_reached = g->draw == 1;
    if (all_reached) {
        reached = talon;
    } else {
        if (g->ptr) reached |= BIT(g->talon[g->ptr - 1]);
        for (int pos = g->ptr; pos < n;) {
            pos = pos + g->draw < n ? pos + g->draw : n;
            reached |= BIT(g->talon[pos - 1]);
        }
        for (int pos = 0; pos < n;) {
            pos = pos + g->draw < n ? pos + g->draw : n;
            reached |= BIT(g->talon[pos - 1]);
        }
    }
    uint64_t left_seen = 0; /* the talon cards gone home or topped when reached was last grown */
    for (;;) {
        uint64_t was_home = home, was_top = top, was_leaving = leaves, was_reached = reached, may;
        int was_empty = empty;
        uint64_t left = talon & (home | top);
        if (!all_reached && left != left_seen && reached != talon) {
            left_seen = left;
            int gone_below = 0;
            for (int q = 0; q < n; q++) {
                int c = g->talon[q];
                if (gone_below || (q + 1 < n && (left & BIT(g->talon[q + 1])))) reached |= BIT(c);
                if (left & BIT(c)) gone_below = 1;
            }
        }
        /* home: a top (or a reached talon card) after the card below it in its suit. Each
         * suit's home cards are ranks 0..h-1, so this adds, suit by suit, the run of tops and
         * reached talon cards from rank h on: the trailing ones of (home | tops | reached) in
         * its 13 bits, (x ^ (x + 1)) >> 1 for x those bits. */
        uint64_t avail = home | top | reached;
        home = 0;
        for (int s = 0; s < 4; s++) {
            uint64_t x = avail >> (13 * s) & SUIT_BITS;
            home |= ((x ^ (x + 1)) >> 1) << (13 * s);
        }
        if (home == ALL_CARDS) return 0; /* every card may go home: the answer can't change */
        if (leaves & bottoms) empty = 1;
        may = home | under_tops(top) | (empty ? ACES << 12 : 0); /* home, a parent, a king's room */
        top |= reached & may;
        uint64_t fresh = up & may & ~leaves, below = 0;
        leaves |= fresh;
        for (; fresh; fresh &= fresh - 1) below |= under[__builtin_ctzll(fresh)];
        up |= below;
        top |= below;
        if (home == was_home && top == was_top && leaves == was_leaving && empty == was_empty &&
            reached == was_reached)
            break;
    }
    return home != ALL_CARDS;
}

/* tableau.TableauGame.is_dead: deadlocked (it depends only on the face-down counts, so
 * its answers are kept per vector of them), then never_home. */
static int is_dead(Game *g) {
    int dead;
    if (!g->dead_cache) {
        dead = deadlocked(g);
    } else {
        uint8_t v = g->dead_cache[g->dead_index];
        if (!v) v = g->dead_cache[g->dead_index] = (uint8_t)(deadlocked(g) ? 2 : 1);
        dead = v == 2;
    }
    return dead || never_home(g);
}

/* ---------------------------------------------------------------------------------------- */
/* The key (tableau.key, klondike.key and table_key)                                          */

/* Positions are identified up to toggles: a card X on its natural parent P while P's twin Q
 * tops another column can go to Q and back, one move each way, so both are equally
 * winnable; the key marks such an X's support TOGGLE. Masking is exact: no other card is
 * marked through P or Q (it would be X or X's twin, and the twin lies on neither).
 * Klondike's key goes further, up to twin swaps: everything face up that does not start a
 * column hiding nothing lies on one of its two parents, and which never matters (swapping
 * what lies on two twins maps every move to a move, wins to wins); so the key is the
 * face-down counts, what is home and the set of such column starts. With unlimited passes
 * ptr is left out where d's and r's lead there and back (draw 1: always; draw 3: at a
 * multiple of 3 or at the end), else kept with the passes left. */
static Key position_key(const Game *g) {
    Key k = {0, 0};
    if (!g->klondike || !g->toggles) {
        k = g->sup_key;
        if (g->toggles) {
            for (int j = 0; j < 7; j++) {
                if (!g->len[j]) continue;
                int t = g->col[j][g->len[j] - 1], q = TWIN(t);
                for (int n = 0; n < 2; n++) { /* without a branch: which is hard to foresee */
                    int x = TOGGLER[t][n];
                    uint64_t on = -(uint64_t)((g->sup[x] == q) & (g->where[x] != j));
                    k.a ^= Z_TOGGLE[t][n].a & on;
                    k.b ^= Z_TOGGLE[t][n].b & on;
                }
            }
        }
        kx(&k, g->ndown_key);
    } else {
        kx(&k, g->ndown_key);
        for (int s = 0; s < 4; s++) kx(&k, Z_FOUND[s][g->found[s]]);
        for (int i = 0; i < 7; i++)
            if (g->len[i] && !g->ndown[i]) kx(&k, Z_START[g->col[i][0]]);
    }
    if (g->klondike) {
        if (g->passes < 0) {
            if (g->draw != 1) {
                int p = g->ptr;
                kx(&k, Z_PTR[(p % 3 == 0 || p == g->tlen) ? 0 : p]);
            }
            kx(&k, Z_PASSES[201]);
        } else {
            kx(&k, Z_PTR[g->ptr]);
            kx(&k, Z_PASSES[g->passes < 200 ? g->passes : 200]);
        }
        if (g->pending >= 0) kx(&k, Z_PENDING[g->pending]);
        kx(&k, g->talon_key);
    }
    return k;
}

/* ---------------------------------------------------------------------------------------- */
/* The seen table: open addressing on 128-bit keys                                            */

typedef struct {
    Key *slots;
    uint64_t mask;
    uint64_t count;
    int log;
} Seen;

/* Slots come zeroed from mmap, on huge pages where the kernel allows: a lookup is one random
 * access into a large table, and huge pages spare most of the TLB misses. */
static Key *slots_alloc(uint64_t n) {
    void *p = mmap(NULL, n * sizeof(Key), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
    if (p == MAP_FAILED) return NULL;
#ifdef MADV_HUGEPAGE
    if (n * sizeof(Key) >= (32u << 20)) madvise(p, n * sizeof(Key), MADV_HUGEPAGE);
#endif
    return p;
}

static void slots_free(Key *slots, uint64_t n) { munmap(slots, n * sizeof(Key)); }

static int seen_init(Seen *t) {
    t->log = LOG_MIN_SLOTS;
    t->mask = (1ull << t->log) - 1;
    t->count = 0;
    t->slots = slots_alloc(t->mask + 1);
    return t->slots != NULL;
}

static inline Key nonzero(Key k) {
    if (!k.a && !k.b) k.b = 1; /* (0, 0) marks an empty slot */
    return k;
}

static void place(Key *slots, uint64_t mask, Key k) {
    uint64_t i = k.a & mask;
    while (slots[i].a || slots[i].b) i = (i + 1) & mask;
    slots[i] = k;
}

/* 1: added, 0: already there, -1: no room (the memory bound). */
static int seen_add(Seen *t, Key k) {
    k = nonzero(k);
    uint64_t i = k.a & t->mask;
    while (t->slots[i].a || t->slots[i].b) {
        if (t->slots[i].a == k.a && t->slots[i].b == k.b) return 0;
        i = (i + 1) & t->mask;
    }
    if (t->count + 1 > MAX_ENTRIES) return -1;
    if (4 * (t->count + 1) > 3 * (t->mask + 1)) { /* grow at 3/4 full */
        if (t->log >= LOG_MAX_SLOTS) return -1;
        uint64_t mask = (t->mask << 1) | 1;
        Key *slots = slots_alloc(mask + 1);
        if (!slots) return -1;
        for (uint64_t n = 0; n <= t->mask; n++)
            if (t->slots[n].a || t->slots[n].b) place(slots, mask, t->slots[n]);
        slots_free(t->slots, t->mask + 1);
        t->slots = slots;
        t->mask = mask;
        t->log++;
    }
    place(t->slots, t->mask, k);
    t->count++;
    return 1;
}

static int seen_has(const Seen *t, Key k) {
    k = nonzero(k);
    uint64_t i = k.a & t->mask;
    while (t->slots[i].a || t->slots[i].b) {
        if (t->slots[i].a == k.a && t->slots[i].b == k.b) return 1;
        i = (i + 1) & t->mask;
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------- */
/* Automatic moves and the finish                                                             */

/* tableau._auto_tableau: column tops is_safe_home allows; with toggles, also a card covered
 * only by a toggled card, after that toggle (it keeps us in the same class). */
static int auto_tableau(Game *g, Stacks *st) {
    int played = 0;
    for (int s = 0; s < 4; s++) {
        int h = g->found[s];
        if (h < 13) {
            int c = s * 13 + h, i = g->where[c];
            if (i >= 0 && g->at[c] == g->len[i] - 1 && is_safe_home(c, g->found)) {
                if (!play(g, st, SINGLE(STEP(1, i, 0, 0)))) return 0;
                played = 1;
            }
        }
    }
    if (played || !g->toggles) return played;
    /* The first column j (as tableau.py walks them) whose top t has a twin p that is the
     * next card of its suit, safe to go home, and covered by a toggled child x of t. Each
     * column has one top and each p one twin, so the columns to look at are those where the
     * suits' next cards' twins are tops: at most four, found without walking the columns. */
    int best = 7, bx = -1;
    for (int s = 0; s < 4; s++) {
        if (g->found[s] == 13) continue;
        int p = s * 13 + g->found[s], t = TWIN(p), j = g->where[t];
        if (j < 0 || j >= best || top(g, j) != t || !is_safe_home(p, g->found)) continue;
        for (int n = 0; n < NCHILDREN[t]; n++) {
            int x = CHILDREN[t][n];
            if (g->sup[x] == p && g->where[x] != j) {
                best = j;
                bx = x;
                break;
            }
        }
    }
    if (bx < 0) return 0;
    int i = g->where[bx];
    Step shift = STEP(0, i, index_in(g, i, bx), best);
    return play(g, st, PAIR(shift, STEP(1, i, 0, 0)));
}

/* klondike._auto_talon: draw 1 with unlimited passes, any talon card that is safe (the
 * winning line's d's and r's still reach every other card, and ptr does not count); with a
 * pass limit only the waste top (ptr must not move). Never in draw 3, where taking a card
 * out regroups the threes. A safe move binds no next move. */
static int auto_talon(Game *g, Stacks *st) {
    if (!g->klondike || g->draw != 1 || !g->tlen) return 0;
    if (g->passes < 0) {
        for (int q = 0; q < g->tlen; q++) {
            int c = g->talon[q];
            if (g->found[SUIT(c)] == RANK(c) && is_safe_home(c, g->found)) {
                if (!play(g, st, SINGLE(STEP(3, q, HOME, q + 1 < g->ptr)))) return 0;
                g->pending = -1;
                return 1;
            }
        }
    } else if (g->ptr) {
        int c = g->talon[g->ptr - 1];
        if (g->found[SUIT(c)] == RANK(c) && is_safe_home(c, g->found)) {
            if (!play(g, st, SINGLE(STEP(3, g->ptr - 1, HOME, 0)))) return 0;
            g->pending = -1;
            return 1;
        }
    }
    return 0;
}

static void autos(Game *g, Stacks *st) {
    while (!st->failed && (auto_tableau(g, st) || auto_talon(g, st)))
        ;
}

static inline int won(const Game *g) {
    return g->found[0] + g->found[1] + g->found[2] + g->found[3] == 52;
}

/* tableau.finish: nothing face down, no talon, every column in alternating descending
 * order: the lowest card not home is always a top whose suit is home to the rank below.
 * Plays it out; returns 1 when the position is won (after the finish, if any). */
static int finished(Game *g, Stacks *st) {
    if (won(g)) return 1;
    if (g->hidden || g->tlen) return 0;
    for (int i = 0; i < 7; i++)
        if (!ordered(g, i, 0)) return 0;
    while (!won(g)) {
        for (int i = 0; i < 7; i++) {
            int t = top(g, i);
            if (t >= 0 && g->found[SUIT(t)] == RANK(t))
                if (!play(g, st, SINGLE(STEP(1, i, 0, 0)))) return 0;
        }
    }
    return 1;
}

/* ---------------------------------------------------------------------------------------- */
/* Move generation (tableau.tableau_moves, yukon.moves, klondike.moves)                       */

typedef struct {
    int score;
    Move move;
} Scored;

/* The most moves gen_moves() can offer in one position, counted from its loops (a card has
 * at most two children and two parents, the talon at most 24 reachable cards):
 *   per non-empty column, its top's two children and the top going home   7 * 3 = 21
 *   kings to the first empty column                                            4
 *   foundation tops back to a column (two parents each)                    4 * 2 =  8
 *   ways out of a toggle class: per column top, two children, four moves   7 * 8 = 56
 *   talon cards: home, and a king to an empty column or two parents       24 * 3 = 72
 * in all 161. The buffer holds more than that; should a change ever make it overflow, the
 * search ends "unknown" (FULL) instead of dropping moves and calling a win a loss. */
#define MOVES_BOUND 161
#define MOVES_CAP 256

typedef struct {
    Scored m[MOVES_CAP];
    int n;
    int full; /* a move did not fit */
} Moves;

/* How many moves a position may offer before the search gives up: MOVES_CAP, lowered only
 * by the tests (set_move_cap) to see that an overflow says "unknown". */
static int move_cap = MOVES_CAP;

static inline void add(Moves *out, int score, Move m) {
    if (out->n < move_cap) {
        out->m[out->n].score = score;
        out->m[out->n].move = m;
        out->n++;
    } else {
        out->full = 1;
    }
}

static int stack_score(const Game *g, int i, int k, int j) {
    int nd = g->ndown[i];
    if (g->klondike) {
        if (k == 0) return nd ? 100 + 3 * nd : 15;
        int below = g->col[i][k - 1];
        if (g->found[SUIT(below)] == RANK(below)) return 55;
        return -10;
    }
    if (k == 0) {
        if (nd) return 100 + 3 * nd - g->ndown[j]; /* uncovers a face-down card */
        return 30;                                  /* empties a column */
    }
    int below = g->col[i][k - 1];
    if (g->found[SUIT(below)] == RANK(below)) return 60; /* frees a card to go home */
    return 10 - g->ndown[j] - g->len[i] + k;
}

/* klondike._reachable: (index, redeal) of every talon card d's (and at most one r) bring to
 * the waste top; a card reachable before and after a redeal only before it. */
static int reachable(const Game *g, int *qs, int *redeals) {
    int n = g->tlen, p = g->ptr, out = 0;
    int can_redeal = g->passes < 0 || g->passes > 1;
    uint8_t ptrs[54] = {0};
    if (p) {
        qs[out] = p - 1;
        redeals[out++] = 0;
        ptrs[p] = 1;
    }
    int pos = p;
    while (pos < n) {
        pos = pos + g->draw < n ? pos + g->draw : n;
        qs[out] = pos - 1;
        redeals[out++] = 0;
        ptrs[pos] = 1;
    }
    if (can_redeal) {
        pos = 0;
        while (pos < n) {
            pos = pos + g->draw < n ? pos + g->draw : n;
            if (!ptrs[pos]) {
                ptrs[pos] = 1;
                qs[out] = pos - 1;
                redeals[out++] = 1;
            }
        }
    }
    return out;
}

/* tableau.twin_onto (+ klondike's talon): y onto the parent col[i][kx - 1] once the toggled
 * card col[i][kx] has gone to column j. Returns 0 when y can't go. */
static int twin_onto(const Game *g, int y, int i, int kx_, int j, int *score, Step *step) {
    int h = g->found[SUIT(y)];
    if (h && h - 1 == RANK(y)) {
        *score = -20;
        *step = STEP(2, SUIT(y), i, 0);
        return 1;
    }
    int c = g->where[y];
    if (c >= 0) {
        int k = index_in(g, c, y), ok = 1;
        if (c == i) {
            if (k < kx_) {
                ok = 0; /* the parent lies on y: y can't land on it */
            } else {    /* y rode along with its twin's stack to column j */
                *score = 0;
                *step = STEP(0, j, g->len[j] + k - kx_, i);
                return 1;
            }
        } else if (g->lift_bases) {
            if (g->sup[y] != BASE) ok = 0;
        } else if (!can_lift(g, c, k)) {
            ok = 0;
        }
        if (ok) {
            *score = stack_score(g, c, k, i);
            *step = STEP(0, c, k, i);
            return 1;
        }
        if (!g->klondike) return 0;
    } else if (!g->klondike) {
        return 0;
    }
    /* Klondike: from the talon */
    int q = -1;
    for (int n = 0; n < g->tlen; n++)
        if (g->talon[n] == y) {
            q = n;
            break;
        }
    if (q >= 0) {
        int qs[110], rd[110], nr = reachable(g, qs, rd);
        for (int n = 0; n < nr; n++)
            if (qs[n] == q) {
                *score = 34 - 2 * rd[n];
                *step = STEP(3, q, i, rd[n]);
                return 1;
            }
    }
    return 0;
}

/* tableau.under_onto_stack: "X to Q, then Y onto its top" for each card y under the toggled
 * card col[i][kx] in its column that may land on the column's top, the top of x's stack,
 * once the stack has gone to column j. */
static void under_onto_stack(const Game *g, int i, int kx_, int j, Step shift, Moves *out) {
    int t = top(g, i);
    for (int n = 0; n < NCHILDREN[t]; n++) {
        int y = CHILDREN[t][n];
        if (g->where[y] != i) continue;
        int k = index_in(g, i, y);
        if (k >= kx_) continue;
        if (g->lift_bases) {
            if (g->sup[y] != BASE) continue;
        } else if (!can_lift(g, i, k)) {
            continue;
        }
        add(out, stack_score(g, i, k, j) - 1, PAIR(shift, STEP(0, i, k, j)));
    }
}

/* Left out, each without losing a win (tableau.tableau_moves has the arguments in full):
 * - toggles (they stay in the class); in Klondike every lift but a run's bottom card, since
 *   the card under any other is its natural parent and the only other place is the twin;
 * - a king-led stack that fills a column hiding nothing, to an empty column, and every
 *   empty column but the first as a target;
 * - a foundation card is_safe_home would send straight back (the column top it adds is never
 *   needed on the table, by that proof);
 * - moves home that autos() plays anyway.
 * Because the search expands only the first position of a class, it offers every way out
 * of the class: "X to Q, then the twin onto P", "X to Q, then P home" and "X to Q, then a
 * card under X onto the top of X's stack" (compound moves). */
static int tableau_moves(const Game *g, Moves *out) {
    int empty = -1;
    for (int j = 0; j < 7; j++) {
        if (!g->len[j]) {
            if (empty < 0) empty = j;
            continue;
        }
        int t = top(g, j), q = TWIN(t);
        for (int n = 0; n < NCHILDREN[t]; n++) {
            int y = CHILDREN[t][n], i = g->where[y], k;
            if (i < 0 || i == j) continue;
            int s = g->sup[y];
            if (g->toggles && s == q) continue; /* a toggle */
            if (g->lift_bases) {
                if (s != BASE) continue;
                k = 0;
            } else {
                k = index_in(g, i, y);
                if (!can_lift(g, i, k)) continue;
            }
            add(out, stack_score(g, i, k, j), SINGLE(STEP(0, i, k, j)));
        }
        if (g->found[SUIT(t)] == RANK(t)) {
            int score = 50;
            if (g->len[j] == 1 && g->ndown[j]) score = 120 + g->ndown[j];
            add(out, score, SINGLE(STEP(1, j, 0, 0)));
        }
    }
    if (empty >= 0) {
        for (int s = 0; s < 4; s++) {
            int king = s * 13 + KING, i = g->where[king], k;
            if (i < 0) continue;
            if (g->sup[king] == BASE) {
                if (!g->ndown[i]) continue;
                k = 0;
            } else if (g->lift_bases) {
                continue;
            } else {
                k = index_in(g, i, king);
                if (!can_lift(g, i, k)) continue;
            }
            add(out, stack_score(g, i, k, empty), SINGLE(STEP(0, i, k, empty)));
        }
    }
    int found[4] = {g->found[0], g->found[1], g->found[2], g->found[3]};
    for (int s = 0; s < 4; s++) { /* foundation tops back to a column */
        int h = found[s];
        if (!h) continue;
        int c = s * 13 + h - 1;
        found[s] = h - 1;
        int safe = g->prune_returns && is_safe_home(c, found);
        found[s] = h;
        if (safe) continue;
        if (RANK(c) == KING) {
            if (empty >= 0) add(out, -20, SINGLE(STEP(2, s, empty, 0)));
            continue;
        }
        for (int n = 0; n < NPARENTS[c]; n++) {
            int p = PARENTS[c][n], j = g->where[p];
            if (j >= 0 && top(g, j) == p) add(out, -20, SINGLE(STEP(2, s, j, 0)));
        }
    }
    if (!g->toggles) return empty;
    for (int j = 0; j < 7; j++) { /* ways out of the class through a parent p */
        if (!g->len[j]) continue;
        int t = top(g, j), p = TWIN(t);
        for (int n = 0; n < NCHILDREN[t]; n++) {
            int x = CHILDREN[t][n];
            if (g->sup[x] != p || g->where[x] == j) continue;
            int i = g->where[x], kx_ = index_in(g, i, x);
            Step shift = STEP(0, i, kx_, j);
            if (g->found[SUIT(p)] == RANK(p)) add(out, 48, PAIR(shift, STEP(1, i, 0, 0)));
            int score;
            Step second;
            if (twin_onto(g, TWIN(x), i, kx_, j, &score, &second))
                add(out, score - 1, PAIR(shift, second));
            under_onto_stack(g, i, kx_, j, shift, out);
        }
    }
    return empty;
}

static int usable_at_once(const Game *g, int c) { /* klondike._usable_at_once */
    for (int n = 0; n < NCHILDREN[c]; n++) {
        int y = CHILDREN[c][n];
        if (g->where[y] >= 0 || g->found[SUIT(y)] == RANK(y) + 1) return 1;
        if (memchr(g->talon, y, (size_t)g->tlen)) return 1;
    }
    return 0;
}

static int lands_on(Step s) { /* klondike._lands_on, -1 for home */
    switch (KIND(s)) {
    case 0:
        return SC(s);
    case 1:
        return -1;
    case 2:
        return SB(s);
    default:
        return SB(s) == HOME ? -1 : SB(s);
    }
}

static int sends_home(const Game *g, Move m) { /* klondike._sends_home, -1 if none */
    Step first = FIRST(m), second = SECOND(m);
    if (second != NO_STEP) {
        if (KIND(second) == 1) return SUIT(g->col[SA(first)][SB(first) - 1]);
        first = second;
    }
    if (KIND(first) == 1) return SUIT(top(g, SA(first)));
    if (KIND(first) == 3 && SB(first) == HOME) return SUIT(g->talon[SA(first)]);
    return -1;
}

/* klondike.moves: the talon as macro moves. d and r only move ptr, so in a winning line
 * they can be put off until just before the next card played from the waste: each such
 * stretch is one move "talon[q] to j". In draw 1 with unlimited passes a talon card played
 * to a column must be used by the very next move, and one sent home must be followed by the
 * next card of its suit (a king excepted): any winning line can be rearranged so (the card
 * is played just before the step that uses it; nothing in between touches it). */
static void talon_moves(const Game *g, Moves *out, int empty) {
    int qs[110], rd[110], nr = reachable(g, qs, rd);
    for (int r = 0; r < nr; r++) {
        int q = qs[r], redeal = rd[r], c = g->talon[q], penalty = redeal ? 2 : 0;
        if (g->found[SUIT(c)] == RANK(c)) add(out, 45 - penalty, SINGLE(STEP(3, q, HOME, redeal)));
        if (g->delay_plays && !usable_at_once(g, c)) continue;
        if (RANK(c) == KING) {
            if (empty >= 0) add(out, 25 - penalty, SINGLE(STEP(3, q, empty, redeal)));
            continue;
        }
        for (int n = 0; n < NPARENTS[c]; n++) {
            int p = PARENTS[c][n], j = g->where[p];
            if (j < 0) continue;
            if (top(g, j) == p) {
                add(out, 35 - penalty, SINGLE(STEP(3, q, j, redeal)));
            } else if (g->toggles) { /* p carries c's twin x; if p's twin is free, x toggles */
                int x = TWIN(c), t = TWIN(p), jt = g->where[t];
                if (g->sup[x] == p && jt >= 0 && jt != j && top(g, jt) == t) {
                    Step shift = STEP(0, j, index_in(g, j, x), jt);
                    add(out, 34 - penalty, PAIR(shift, STEP(3, q, j, redeal)));
                }
            }
        }
    }
}

/* downs.usable_down: whether a card could land on c, the top of its foundation, right
 * after c comes down: a child of c face up, on top of its foundation, or in the talon where
 * d's (and an r) reach it, or the card under c down onto a parent of it face up. Outside
 * draw 1 with unlimited passes, a card comes down alone only then. No win is lost: a
 * shortest winning line that brings c down and does not use it next can bring it down just
 * before the move that lands on it (or brings the card under it down), or is not shortest
 * (c goes back home, or is lifted alone, before any use); downs.py has the argument. */
static int landing_ahead(const Game *g, int c) {
    for (int n = 0; n < NCHILDREN[c]; n++) {
        int y = CHILDREN[c][n];
        if (g->where[y] >= 0 || g->found[SUIT(y)] == RANK(y) + 1) return 1;
    }
    if (RANK(c)) {
        int below = c - 1;
        for (int n = 0; n < NPARENTS[below]; n++)
            if (g->where[PARENTS[below][n]] >= 0) return 1;
    }
    int qs[110], rd[110], nr = reachable(g, qs, rd);
    for (int r = 0; r < nr; r++) {
        int y = g->talon[qs[r]];
        if (NCHILDREN[c] && (y == CHILDREN[c][0] || y == CHILDREN[c][1])) return 1;
    }
    return 0;
}

/* Every move worth trying, best first (a stable sort on the score, as Python's). */
static void gen_moves(const Game *g, Moves *out) {
    out->n = 0;
    out->full = 0;
    int empty = tableau_moves(g, out);
    if (g->klondike) {
        talon_moves(g, out, empty);
        if (g->prune_returns && !g->delay_plays) { /* a foundation card down only to be used */
            int ok[4] = {-1, -1, -1, -1}, n = 0;
            for (int m = 0; m < out->n; m++) {
                Move mv = out->m[m].move;
                if (SECOND(mv) == NO_STEP && KIND(FIRST(mv)) == 2) {
                    int s = SA(FIRST(mv));
                    if (ok[s] < 0) ok[s] = landing_ahead(g, s * 13 + g->found[s] - 1);
                    if (!ok[s]) continue;
                }
                out->m[n++] = out->m[m];
            }
            out->n = n;
        }
        if (g->pending >= 52) {
            int n = 0;
            for (int m = 0; m < out->n; m++)
                if (sends_home(g, out->m[m].move) == g->pending - 52) out->m[n++] = out->m[m];
            out->n = n;
        } else if (g->pending >= 0) {
            int column = g->where[g->pending], n = 0;
            for (int m = 0; m < out->n; m++)
                if (lands_on(FIRST(out->m[m].move)) == column) out->m[n++] = out->m[m];
            out->n = n;
        }
    }
    for (int a = 1; a < out->n; a++) { /* insertion sort, descending, stable */
        Scored v = out->m[a];
        int b = a - 1;
        while (b >= 0 && out->m[b].score < v.score) {
            out->m[b + 1] = out->m[b];
            b--;
        }
        out->m[b + 1] = v;
    }
}

/* ---------------------------------------------------------------------------------------- */
/* The search (dfs.search)                                                                    */

/* Why a loss is a proof: every position entered goes in `seen`, each is expanded once with
 * every move the rules above offer, and those leave out only moves provably not needed. So
 * when the stack runs empty every reachable position (up to the equivalences of the key)
 * was entered and none was won. Draw 3 with unlimited passes also counts as seen the
 * position this one dominates (same table and talon, ptr back at 0: its d's reach a subset
 * of our waste tops, and each talon move leads to the same position): if a win were reachable, take an entered position closest to one; its
 * next step on a shortest winning line would lead to one entered or dominated by one
 * entered, as close or closer: impossible. */

typedef struct {
    long long max_nodes;   /* -1: none */
    double deadline;       /* the thread's CPU seconds (as budget.py); < 0: none */
    double dive_until;     /* the dive stops here (an eighth of the seconds; or never) */
    double dives_until;    /* Yukon's second dive stops here (DIVE_SHARE_YUKON; or never) */
    long long nodes;
    long long next_check;
} Budget;

static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); /* the search runs in one thread */
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int spend(Budget *b) { /* budget.Budget.spend: 0 when the budget is used up */
    b->nodes++;
    if (b->max_nodes >= 0 && b->nodes > b->max_nodes) return 0;
    if (b->nodes >= b->next_check) {
        b->next_check = b->nodes + 256;
        if (b->deadline >= 0 && cpu_now() > b->deadline) return 0;
    }
    return 1;
}

typedef struct {
    size_t mstart, mend, mcur; /* its moves in Stacks.moves */
    size_t rstart;             /* the record of the move that entered it */
} Level;

/* klondike.dominated: the key with ptr back at 0 (the same table and talon). Marking ptr
 * further on by multiples of 3 as well is as sound, but on the hardest draw-3 losses of
 * bench/deals.py (seed 7) it stored 16.2M keys for 7.6M positions against 11.0M keys for
 * 8.5M positions without, and the larger table (twice the memory to fault in and to miss
 * the cache on) cost more CPU time than the positions it spared. */
static int add_dominated(Game *g, Seen *seen, Key k) {
    if (!g->klondike || g->draw != 3 || g->passes >= 0) return 1;
    int p = g->ptr, n = g->tlen;
    if (p % 3 == 0 || p == n) return 1;
    kx(&k, Z_PTR[p]);
    kx(&k, Z_PTR[0]);
    return seen_add(seen, k) >= 0;
}

/* The moves of the position just entered, best first (the first `width` only, if width > 0),
 * each with the key of where it leads. Working the keys out here, all in a row, lets the
 * seen table's slots be fetched from memory while the next keys are computed: a lookup in
 * a large table is a cache miss, and most moves lead to positions already seen, which the
 * search then skips on the key alone, without playing the move again. Returns 1, or 0 when
 * memory ran out, or -1 when the position offered more moves than the buffer holds. */
static int push_moves(Game *g, Stacks *st, Moves *buf, Level *lv, const Seen *seen, int width) {
    lv->mstart = lv->mcur = lv->mend = st->nmoves;
    if (is_dead(g)) return 1;
    gen_moves(g, buf);
    if (buf->full) return -1;
    int n = buf->n;
    if (width > 0 && n > width) n = width;
    if (st->nmoves + (size_t)n > st->capmoves) {
        size_t cap = st->capmoves ? 2 * st->capmoves : 512;
        while (cap < st->nmoves + (size_t)n) cap *= 2;
        struct Entry *p = realloc(st->moves, cap * sizeof(struct Entry));
        if (!p) return 0;
        st->moves = p;
        st->capmoves = cap;
    }
    for (int m = 0; m < n; m++) {
        struct Entry *e = &st->moves[st->nmoves++];
        size_t rs = st->nrecs;
        e->move = buf->m[m].move;
        if (!play(g, st, e->move)) return 0;
        autos(g, st);
        e->won = (uint8_t)finished(g, st);
        if (st->failed) return 0;
        if (!e->won) {
            e->key = nonzero(position_key(g));
            __builtin_prefetch(&seen->slots[e->key.a & seen->mask]);
        }
        while (st->nrecs > rs) undo_move(g, &st->recs[--st->nrecs]);
    }
    lv->mend = st->nmoves;
    return 1;
}

#define CAPPED 4 /* explore(): the dive's own node cap was reached */
#define FULL 5   /* a position offered more moves than the buffer holds: unknown */

/* The depth-first search from the current position (its automatic moves played, not won),
 * entering positions into `seen`. width > 0 tries only the first `width` moves of each
 * position (the dive) below the first `full` levels (the root's moves are level 0), which
 * try every move; cap > 0 stops once `seen` holds that many keys. Anything but a win
 * undoes every move it made, back to where it started. */
static int explore(Game *g, Budget *b, Stacks *st, Seen *seen, int width, int full,
                   uint64_t cap) {
    Moves buf;
    size_t nlevels = 0, caplevels = 64, root = st->nrecs, base = st->nmoves;
    Level *levels = malloc(caplevels * sizeof(Level));
    int verdict = UNKNOWN;
    if (!levels) return NOMEM;
    seen_add(seen, position_key(g));
    if (!spend(b)) goto done;
    int pushed = push_moves(g, st, &buf, &levels[nlevels++], seen, full > 0 ? 0 : width);
    if (pushed < 0) goto full;
    if (!pushed) goto nomem;
    levels[0].rstart = root;
    while (nlevels) {
        Level *lv = &levels[nlevels - 1];
        if (lv->mcur == lv->mend) {
            st->nmoves = lv->mstart;
            nlevels--;
            if (nlevels) {
                while (st->nrecs > lv->rstart) undo_move(g, &st->recs[--st->nrecs]);
            }
            continue;
        }
        struct Entry e = st->moves[lv->mcur++];
        for (size_t m = lv->mcur; m < lv->mend && m < lv->mcur + 2; m++) /* (see push_moves) */
            if (!st->moves[m].won) __builtin_prefetch(&seen->slots[st->moves[m].key.a & seen->mask]);
        if (!e.won && seen_has(seen, e.key)) continue; /* seen: not even played */
        size_t rs = st->nrecs;
        if (!play(g, st, e.move)) goto nomem;
        autos(g, st);
        if (finished(g, st)) {
            verdict = WIN;
            goto done;
        }
        if (st->failed) goto nomem;
        Key k = e.key; /* the same moves from the same position: the same key */
        if (seen_add(seen, k) <= 0 || !add_dominated(g, seen, k)) goto nomem;
        if (!spend(b)) goto done;
        if (cap && (seen->count >= cap || ((b->nodes & 255) == 0 && cpu_now() > b->dive_until))) {
            verdict = CAPPED;
            goto done;
        }
        if (nlevels == caplevels) {
            Level *p = realloc(levels, 2 * caplevels * sizeof(Level));
            if (!p) goto nomem;
            levels = p;
            caplevels *= 2;
        }
        Level *next = &levels[nlevels++];
        pushed = push_moves(g, st, &buf, next, seen, (int)nlevels - 1 < full ? 0 : width);
        if (pushed < 0) goto full;
        if (!pushed) goto nomem;
        next->rstart = rs;
    }
    verdict = LOSS;
    goto done;
full:
    verdict = FULL;
    goto done;
nomem:
    verdict = NOMEM;
done:
    if (st->failed && verdict == WIN) verdict = NOMEM;
    if (verdict != WIN) {
        while (st->nrecs > root) undo_move(g, &st->recs[--st->nrecs]);
        st->nmoves = base;
    }
    free(levels);
    return verdict;
}

/* A quick dive for a win before the exhaustive proof: the same search, trying only the
 * DIVE_WIDTH best moves of each position, with a table of its own and at most DIVE_NODES
 * positions (Yukon: DIVE_NODES_YUKON; draw 3: DIVE_NODES_D3). A win it finds is a win (the
 * same moves, replayable); anything else proves nothing, so its table is dropped and the
 * exhaustive search starts from scratch. Its nodes count against the budget like any
 * others. Best-first depth-first search sinks its whole budget under an early wrong move;
 * the dive's narrow tree reaches deep lines through other early moves, which finds many
 * hard wins sooner. Draw 3 tries every move in the dive's first DIVE_FULL_D3 levels, and
 * DIVE_WIDTH below them: on fresh deals (bench/fresh_deals.py, seed 2414) two hard draw-3
 * wins took the exhaustive search 11M and 12M nodes (18 and 22 CPU-s), and a dive two moves
 * wide from the root did not find them in an eighth of 10 s; with its first four levels
 * full it finds both within 220k nodes (with three, one). It takes at most an eighth of the
 * budget (nodes and seconds), so that a search on a small budget (a dead-end check) still
 * has most of it for the proof of a loss. */
#define DIVE_WIDTH 2
#define DIVE_NODES 100000
/* Yukon dives deeper: on fresh deals (bench/fresh_deals.py, seed 2413) hard Yukon wins lay
 * 175k to 500k narrow nodes deep, where the exhaustive search found none in 10 CPU-s; draw
 * 3 too, with its first levels full (above); draw 1 keeps the short dive, as its proofs of
 * loss may need most of their 10 s. Either way the dive stays within an eighth of the
 * budget. */
#define DIVE_NODES_YUKON 1000000
#define DIVE_NODES_D3 1000000
#define DIVE_FULL_D3 4
#define DIVE_SHARE 8 /* and at most an eighth of the budget's nodes and seconds */
/* Yukon dives twice: when the first dive (as above) finds no win, a second one, a table of
 * its own again, tries every move in its first DIVE_FULL_YUKON levels and DIVE_WIDTH below
 * them, up to DIVE_NODES_YUKON_FULL positions; both together take at most a
 * DIVE_SHARE_YUKON-th of the budget. On fresh deals (bench/deals.py fresh, seed 7) the
 * exhaustive search left four Yukon deals undecided at 10 CPU-s, each still undecided when
 * it reached the memory bound (25M positions, 40 CPU-s); the second dive finds wins for
 * three of them, after 74k, 74k and 3.5M positions; a dive three moves wide found two of
 * them, after 1.2M and 5.5M. A loss's narrow trees are mostly small, so the proof keeps
 * its time: the slowest loss of those 300 took 7.3M nodes with one dive, 7.5M with both. */
#define DIVE_FULL_YUKON 2
#define DIVE_NODES_YUKON_FULL 4000000
#define DIVE_SHARE_YUKON 2

/* One dive (explore with width DIVE_WIDTH below `full` full levels), on a table of its own,
 * capped at `nodes` positions, at `limit` nodes spent in all (< 0: none) and at
 * b->dive_until. CAPPED when nothing was tried. */
static int dive_for_win(Game *g, Budget *b, Stacks *st, int full, uint64_t nodes,
                        long long limit) {
    Seen seen;
    if (limit >= 0) {
        if (b->nodes >= limit) return CAPPED;
        if ((uint64_t)(limit - b->nodes) < nodes) nodes = (uint64_t)(limit - b->nodes);
    }
    if (!nodes) return CAPPED;
    if (!seen_init(&seen)) return NOMEM;
    int verdict = explore(g, b, st, &seen, DIVE_WIDTH, full, nodes);
    slots_free(seen.slots, seen.mask + 1);
    return verdict;
}

static int search(Game *g, Budget *b, Stacks *st, int dive) {
    Seen seen;
    autos(g, st);
    if (st->failed) return NOMEM;
    if (finished(g, st)) return st->failed ? NOMEM : WIN;
    if (dive && !is_dead(g)) { /* (a dead root is a loss at once) */
        int d3 = g->klondike && g->draw == 3;
        uint64_t cap = !g->klondike ? DIVE_NODES_YUKON : d3 ? DIVE_NODES_D3 : DIVE_NODES;
        if (b->max_nodes >= 0 && (uint64_t)(b->max_nodes / DIVE_SHARE) < cap)
            cap = (uint64_t)(b->max_nodes / DIVE_SHARE);
        int verdict = dive_for_win(g, b, st, d3 ? DIVE_FULL_D3 : 0, cap, -1);
        if (!g->klondike && (verdict == CAPPED || verdict == LOSS)) {
            long long limit = b->max_nodes >= 0 ? b->max_nodes / DIVE_SHARE_YUKON : -1;
            b->dive_until = b->dives_until;
            verdict = dive_for_win(g, b, st, DIVE_FULL_YUKON, DIVE_NODES_YUKON_FULL, limit);
        }
        if (verdict == WIN || verdict == NOMEM || verdict == UNKNOWN || verdict == FULL)
            return verdict;
    }
    if (!seen_init(&seen)) return NOMEM;
    int verdict = explore(g, b, st, &seen, 0, 0, 0);
    slots_free(seen.slots, seen.mask + 1);
    return verdict;
}

/* ---------------------------------------------------------------------------------------- */
/* Move texts (tableau.texts, klondike.talon_texts)                                           */

static int append_text(PyObject *list, const char *text) {
    PyObject *s = PyUnicode_FromString(text);
    if (!s) return 0;
    int ok = PyList_Append(list, s) == 0;
    Py_DECREF(s);
    return ok;
}

static int sub_texts(const Sub *r, int draw, PyObject *list) {
    char text[8];
    if (r->kind == 3) {
        int q = r->i, n = r->old_tlen, ptr = r->old_ptr, turns;
        if (r->redeal) {
            turns = (n - ptr + draw - 1) / draw;
            for (int t = 0; t < turns; t++)
                if (!append_text(list, "d")) return 0;
            if (!append_text(list, "r")) return 0;
            turns = (q + 1 + draw - 1) / draw;
        } else {
            turns = (q + 1 - ptr + draw - 1) / draw;
        }
        for (int t = 0; t < turns; t++)
            if (!append_text(list, "d")) return 0;
        if (r->j == HOME)
            snprintf(text, sizeof text, "%s-f", CODES[r->card]);
        else
            snprintf(text, sizeof text, "%s-t%d", CODES[r->card], r->j + 1);
        return append_text(list, text);
    }
    if (r->kind == 1)
        snprintf(text, sizeof text, "%s-f", CODES[r->card]);
    else
        snprintf(text, sizeof text, "%s-t%d", CODES[r->card], r->j + 1);
    return append_text(list, text);
}

/* ---------------------------------------------------------------------------------------- */
/* Reading the search's input (built by solver.search.reader from the engine's Position)      */

static int read_cards(PyObject *obj, uint8_t *out, int max, const char *what) {
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) < 0) return -1;
    int n = (int)view.len;
    if (n > max) {
        PyBuffer_Release(&view);
        PyErr_Format(PyExc_ValueError, "%s: too many cards", what);
        return -1;
    }
    memcpy(out, view.buf, (size_t)n);
    PyBuffer_Release(&view);
    for (int m = 0; m < n; m++)
        if (out[m] >= 52) {
            PyErr_Format(PyExc_ValueError, "%s: not a card index", what);
            return -1;
        }
    return n;
}

/* The 7 columns' face-down and face-up cards into down[i] and up[i], their counts into
 * nd[i] and nu[i], and whether there are 4 foundation counts; 0, or -1 with the error set. */
static int read_columns(PyObject *downs, PyObject *ups, PyObject *founds, uint8_t down[7][53],
                        uint8_t up[7][53], int nd[7], int nu[7]) {
    if (!PySequence_Check(downs) || PySequence_Size(downs) != 7 || !PySequence_Check(ups) ||
        PySequence_Size(ups) != 7 || !PySequence_Check(founds) || PySequence_Size(founds) != 4) {
        PyErr_SetString(PyExc_ValueError, "7 columns down, 7 up and 4 foundation counts");
        return -1;
    }
    for (int i = 0; i < 7; i++) {
        PyObject *d = PySequence_GetItem(downs, i), *u = PySequence_GetItem(ups, i);
        nd[i] = d ? read_cards(d, down[i], 52, "down") : -1;
        nu[i] = u ? read_cards(u, up[i], 52, "up") : -1;
        Py_XDECREF(d);
        Py_XDECREF(u);
        if (nd[i] < 0 || nu[i] < 0) return -1;
    }
    return 0;
}

static PyObject *native_search(PyObject *self, PyObject *args) {
    (void)self;
    int klondike, draw, passes, dive;
    PyObject *downs, *ups, *founds, *stock, *waste;
    long long max_nodes;
    double seconds;
    if (!PyArg_ParseTuple(args, "iiiOOOOOLdp", &klondike, &draw, &passes, &downs, &ups, &founds,
                          &stock, &waste, &max_nodes, &seconds, &dive))
        return NULL;
    double start = cpu_now();
    Game *g = calloc(1, sizeof(Game));
    if (!g) return PyErr_NoMemory();
    PyObject *result = NULL;
    uint8_t seen_card[52] = {0};
    int total = 0;
    g->klondike = klondike;
    g->draw = draw;
    g->passes = passes;
    g->toggles = 1;
    g->lift_bases = klondike;
    g->prune_returns = 1;
    g->pending = -1;
    for (int c = 0; c < 52; c++) {
        g->where[c] = -1;
        g->sup[c] = NONE;
        kx(&g->sup_key, Z_SUP[c][52]);
    }
    int nds[7], nus[7];
    if (read_columns(downs, ups, founds, g->down, g->col, nds, nus) < 0) goto out;
    for (int i = 0; i < 7; i++) {
        int nd = nds[i], nu = nus[i];
        g->ndown[i] = g->init_ndown[i] = nd;
        kx(&g->ndown_key, Z_NDOWN[i][nd]);
        g->len[i] = nu;
        g->init_base[i] = nu ? g->col[i][0] : -1;
        g->hidden += nd;
        for (int m = 0; m < nd; m++) seen_card[g->down[i][m]]++;
        for (int m = 0; m < nu; m++) {
            int c = g->col[i][m];
            seen_card[c]++;
            g->where[c] = i;
            g->at[c] = (uint8_t)m;
            set_sup(g, c, m ? g->col[i][m - 1] : BASE);
        }
        total += nd + nu;
    }
    for (int s = 0; s < 4; s++) {
        PyObject *f = PySequence_GetItem(founds, s);
        long h = f ? PyLong_AsLong(f) : -1;
        Py_XDECREF(f);
        if (h < 0 || h > 13) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "a foundation holds 0..13");
            goto out;
        }
        g->found[s] = (int)h;
        for (int r = 0; r < h; r++) seen_card[s * 13 + r]++;
        total += (int)h;
    }
    {
        uint8_t st[53], wa[53];
        int ns = read_cards(stock, st, 52, "stock"), nw = read_cards(waste, wa, 52, "waste");
        if (ns < 0 || nw < 0) goto out;
        if (ns + nw > 52) {
            PyErr_SetString(PyExc_ValueError, "too many talon cards");
            goto out;
        }
        memcpy(g->talon, wa, (size_t)nw);
        memcpy(g->talon + nw, st, (size_t)ns);
        g->tlen = ns + nw;
        g->ptr = nw;
        for (int m = 0; m < g->tlen; m++) {
            seen_card[g->talon[m]]++;
            kx(&g->talon_key, Z_TALON[g->talon[m]]);
        }
        total += g->tlen;
    }
    for (int c = 0; c < 52; c++)
        if (seen_card[c] != 1 || total != 52) {
            PyErr_SetString(PyExc_ValueError, "the search needs each of the 52 cards once");
            goto out;
        }
    if (klondike) {
        if (draw != 1 && draw != 3) {
            PyErr_SetString(PyExc_ValueError, "draw is 1 or 3");
            goto out;
        }
        for (int i = 0; i < 7; i++)
            if (!ordered(g, i, 0)) { /* a hand-made column out of order: no toggles */
                g->toggles = 0;
                g->lift_bases = 0;
            }
        g->delay_plays = draw == 1 && passes < 0;
    } else {
        g->draw = 1;
        g->passes = -1;
        g->tlen = g->ptr = 0;
    }
    {
        long long size = 1;
        for (int i = 0; i < 7; i++) {
            g->dead_mult[i] = (int)size;
            g->dead_index += g->ndown[i] * (int)size;
            size *= g->init_ndown[i] + 1;
        }
        if (size <= (1 << 22)) g->dead_cache = calloc((size_t)size, 1);
    }

    Budget budget = {max_nodes, seconds >= 0 ? start + seconds : -1.0,
                     seconds >= 0 ? start + seconds / DIVE_SHARE : 1e300,
                     seconds >= 0 ? start + seconds / DIVE_SHARE_YUKON : 1e300, 0, 256};
    Stacks st = {0};
    int verdict;
    Py_BEGIN_ALLOW_THREADS verdict = search(g, &budget, &st, dive);
    Py_END_ALLOW_THREADS

    PyObject *moves = PyList_New(0);
    if (!moves) goto cleanup;
    if (verdict == WIN) {
        for (size_t n = 0; n < st.nrecs; n++)
            for (int s = 0; s < st.recs[n].n; s++)
                if (!sub_texts(&st.recs[n].s[s], g->draw, moves)) {
                    Py_DECREF(moves);
                    goto cleanup;
                }
    }
    /* NOMEM is reported as its own code: the caller says "unknown" */
    result = Py_BuildValue("iNL", verdict, moves, budget.nodes);
cleanup:
    free(st.recs);
    free(st.moves);
out:
    free(g->dead_cache);
    free(g);
    return result;
}

static PyObject *native_set_move_cap(PyObject *self, PyObject *args) {
    (void)self;
    int n, old = move_cap;
    if (!PyArg_ParseTuple(args, "i", &n)) return NULL;
    if (n < 0 || n > MOVES_CAP) {
        PyErr_Format(PyExc_ValueError, "the move cap is 0 to %d", MOVES_CAP);
        return NULL;
    }
    move_cap = n;
    return PyLong_FromLong(old);
}

/* ---------------------------------------------------------------------------------------- */
/* A line with its loops cut (proofs.without_cycles, without the rules engine)                */

/* The line is replayed on a plain table, move by move, as games/engine/rules plays it (the
 * same checks, so a move the rules refuse raises ValueError), and each position it reaches
 * is compared, as bytes (a hash first), with the positions the line kept so far: when it is
 * one of them, the moves since go. What makes two positions equal is what makes the
 * engine's Positions equal: the cards of each column (face down: a count, as a line only
 * turns them up, from the top), which suit fills each foundation slot and how far, the
 * stock and waste, and the passes left. Nothing here is part of the search. */
typedef struct {
    uint8_t down[7][53], ndown[7], up[7][53], nup[7]; /* 53: as Game's, read alike */
    int8_t slot[4]; /* the suit each foundation slot holds, -1 when it is empty */
    uint8_t found[4]; /* cards home per suit */
    uint8_t talon[52], tlen, ptr; /* waste then stock, ptr cards turned (as Game) */
    int passes, draw, klondike;
} Table;

#define STATE_BYTES (7 + 7 + 52 + 4 + 4 + 2 + 52 + 4)

static int table_state(const Table *t, uint8_t *out) {
    int n = 0;
    for (int i = 0; i < 7; i++) out[n++] = t->ndown[i];
    for (int i = 0; i < 7; i++) {
        out[n++] = t->nup[i];
        memcpy(out + n, t->up[i], t->nup[i]);
        n += t->nup[i];
    }
    for (int s = 0; s < 4; s++) out[n++] = (uint8_t)t->slot[s];
    for (int s = 0; s < 4; s++) out[n++] = t->found[s];
    out[n++] = t->tlen;
    out[n++] = t->ptr;
    memcpy(out + n, t->talon, t->tlen);
    n += t->tlen;
    memcpy(out + n, &t->passes, sizeof t->passes);
    return n + (int)sizeof t->passes;
}

static uint64_t state_hash(const uint8_t *s, int n) { /* FNV-1a */
    uint64_t h = 1469598103934665603ULL;
    for (int m = 0; m < n; m++) h = (h ^ s[m]) * 1099511628211ULL;
    return h;
}

static int card_of(char r, char s) {
    static const char ranks[] = "A23456789TJQK", suits[] = "SHDC";
    const char *a = r ? strchr(ranks, toupper((unsigned char)r)) : NULL;
    const char *b = s ? strchr(suits, toupper((unsigned char)s)) : NULL;
    return a && b ? (int)(b - suits) * 13 + (int)(a - ranks) : -1;
}

static int is_red(int c) { return c / 13 == 1 || c / 13 == 2; }

/* Plays one move on `t`; returns 0 (and sets no error) when the rules refuse it. */
static int table_play(Table *t, const char *m, Py_ssize_t len) {
    if (len == 1 && (m[0] == 'd' || m[0] == 'r')) {
        if (!t->klondike) return 0;
        if (m[0] == 'd') {
            if (t->ptr == t->tlen) return 0; /* the stock is empty */
            t->ptr = (uint8_t)(t->ptr + t->draw < t->tlen ? t->ptr + t->draw : t->tlen);
            return 1;
        }
        if (t->ptr < t->tlen || !t->ptr || (t->passes >= 0 && t->passes <= 1)) return 0;
        t->ptr = 0;
        if (t->passes >= 0) t->passes--;
        return 1;
    }
    if (len < 4 || len > 5 || m[2] != '-') return 0;
    int c = card_of(m[0], m[1]), suit = c / 13, rank = c % 13, to = tolower((unsigned char)m[3]);
    int n = len == 5 ? m[4] - '1' : -1;
    if (c < 0 || (to != 't' && to != 'f') || (to == 't' && (n < 0 || n > 6)) ||
        (to == 'f' && len == 5 && (n < 0 || n > 3)))
        return 0;
    int from = -1, k = -1, lifted = 1; /* from: a column, 7 a foundation, 8 the waste */
    for (int i = 0; i < 7 && from < 0; i++)
        for (int m2 = 0; m2 < t->nup[i]; m2++)
            if (t->up[i][m2] == c) from = i, k = m2, lifted = t->nup[i] - m2;
    if (from < 0 && t->found[suit] == rank + 1) from = 7;
    if (from < 0 && t->ptr && t->talon[t->ptr - 1] == c) from = 8;
    if (from < 0) return 0;
    if (from < 7 && t->klondike)
        for (int m2 = k + 1; m2 < t->nup[from]; m2++) {
            int lo = t->up[from][m2 - 1], hi = t->up[from][m2];
            if (is_red(lo) == is_red(hi) || hi % 13 != lo % 13 - 1) return 0;
        }
    if (to == 'f') {
        if (from == 7 || lifted > 1) return 0;
        int slot = -1;
        for (int s = 0; s < 4 && slot < 0; s++)
            if ((n < 0 || n == s) && (t->slot[s] < 0 ? rank == 0 : t->slot[s] == suit && t->found[suit] == rank))
                slot = s;
        if (slot < 0) return 0;
        t->slot[slot] = (int8_t)suit;
        t->found[suit]++;
    } else {
        if (from == n) return 0;
        int top = t->nup[n] ? t->up[n][t->nup[n] - 1] : -1;
        if (top < 0 ? rank != 12 : is_red(top) == is_red(c) || top % 13 != rank + 1) return 0;
        if (from < 7)
            memcpy(t->up[n] + t->nup[n], t->up[from] + k, (size_t)lifted);
        else
            t->up[n][t->nup[n]] = (uint8_t)c;
        t->nup[n] = (uint8_t)(t->nup[n] + lifted);
    }
    if (from < 7) {
        t->nup[from] = (uint8_t)k;
        if (!k && t->ndown[from]) t->up[from][t->nup[from]++] = t->down[from][--t->ndown[from]];
    } else if (from == 7) {
        if (!--t->found[suit])
            for (int s = 0; s < 4; s++)
                if (t->slot[s] == suit) t->slot[s] = -1;
    } else {
        memmove(t->talon + t->ptr - 1, t->talon + t->ptr, (size_t)(t->tlen - t->ptr));
        t->tlen--;
        t->ptr--;
    }
    return 1;
}

static PyObject *native_loop_free(PyObject *self, PyObject *args) {
    (void)self;
    int klondike, draw, passes;
    PyObject *downs, *ups, *founds, *slots, *stock, *waste, *moves;
    if (!PyArg_ParseTuple(args, "iiiOOOOOOO", &klondike, &draw, &passes, &downs, &ups, &founds,
                          &slots, &stock, &waste, &moves))
        return NULL;
    PyObject *seq = PySequence_Fast(moves, "moves: a sequence of move texts");
    if (!seq) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    Table t = {0};
    t.klondike = klondike;
    t.draw = draw > 0 ? draw : 1;
    t.passes = passes;
    uint8_t *states = malloc((size_t)(count + 1) * STATE_BYTES);
    int *sizes = malloc((size_t)(count + 1) * sizeof(int));
    uint64_t *hashes = malloc((size_t)(count + 1) * sizeof(uint64_t));
    Py_ssize_t *kept = malloc((size_t)(count + 1) * sizeof(Py_ssize_t));
    PyObject *result = NULL;
    if (!states || !sizes || !hashes || !kept) {
        PyErr_NoMemory();
        goto out;
    }
    int nds[7], nus[7];
    if (read_columns(downs, ups, founds, t.down, t.up, nds, nus) < 0) goto out;
    for (int i = 0; i < 7; i++) {
        t.ndown[i] = (uint8_t)nds[i];
        t.nup[i] = (uint8_t)nus[i];
    }
    {
        uint8_t st[53], wa[53], sl[5];
        int ns = read_cards(stock, st, 52, "stock"), nw = read_cards(waste, wa, 52, "waste");
        if (ns < 0 || nw < 0) goto out;
        if (ns + nw > 52) {
            PyErr_SetString(PyExc_ValueError, "too many talon cards");
            goto out;
        }
        memcpy(t.talon, wa, (size_t)nw);
        memcpy(t.talon + nw, st, (size_t)ns);
        t.tlen = (uint8_t)(ns + nw);
        t.ptr = (uint8_t)nw;
        Py_buffer view;
        if (PyObject_GetBuffer(slots, &view, PyBUF_SIMPLE) < 0) goto out;
        int ok = view.len == 4;
        if (ok) memcpy(sl, view.buf, 4);
        PyBuffer_Release(&view);
        for (int s = 0; s < 4 && ok; s++) {
            PyObject *f = PySequence_GetItem(founds, s);
            long h = f ? PyLong_AsLong(f) : -1;
            Py_XDECREF(f);
            ok = h >= 0 && h <= 13 && (sl[s] < 4 || sl[s] == 255);
            t.found[s] = (uint8_t)h;
            t.slot[s] = sl[s] == 255 ? -1 : (int8_t)sl[s];
        }
        if (!ok) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "4 foundation counts and 4 slots' suits");
            goto out;
        }
    }
    Py_ssize_t depth = 0; /* positions kept after the start: the line is kept[0..depth) */
    sizes[0] = table_state(&t, states);
    hashes[0] = state_hash(states, sizes[0]);
    for (Py_ssize_t m = 0; m < count; m++) {
        Py_ssize_t len;
        const char *text = PyUnicode_AsUTF8AndSize(PySequence_Fast_GET_ITEM(seq, m), &len);
        if (!text) goto out;
        if (!table_play(&t, text, len)) {
            PyErr_Format(PyExc_ValueError, "move %zd of the line does not play: %s", m, text);
            goto out;
        }
        uint8_t *here = states + (depth + 1) * STATE_BYTES;
        int n = table_state(&t, here);
        uint64_t h = state_hash(here, n);
        Py_ssize_t back = -1;
        for (Py_ssize_t p = 0; p <= depth && back < 0; p++)
            if (hashes[p] == h && sizes[p] == n && !memcmp(states + p * STATE_BYTES, here, n))
                back = p;
        if (back >= 0) { /* back where it was after `back` moves: forget the loop */
            depth = back;
            continue;
        }
        kept[depth++] = m;
        sizes[depth] = n;
        hashes[depth] = h;
    }
    result = PyList_New(depth);
    for (Py_ssize_t p = 0; result && p < depth; p++) {
        PyObject *text = PySequence_Fast_GET_ITEM(seq, kept[p]);
        Py_INCREF(text);
        PyList_SET_ITEM(result, p, text);
    }
out:
    free(states);
    free(sizes);
    free(hashes);
    free(kept);
    Py_DECREF(seq);
    return result;
}

static PyMethodDef methods[] = {
    {"search", native_search, METH_VARARGS,
     "search(klondike, draw, passes, downs, ups, founds, stock, waste, max_nodes, seconds,\n"
     "dive)\n"
     "-> (verdict, moves, nodes): verdict 0 win, 1 loss, 2 unknown (budget), 3 unknown\n"
     "(memory bound), 5 unknown (a position offered more moves than the move buffer holds).\n"
     "passes, max_nodes and seconds: -1 for no limit."},
    {"set_move_cap", native_set_move_cap, METH_VARARGS,
     "set_move_cap(n) -> the previous cap: how many moves one position may offer before a\n"
     "search ends unknown (at most MOVES_CAP; the tests lower it to see an overflow)."},
    {"loop_free", native_loop_free, METH_VARARGS,
     "loop_free(klondike, draw, passes, downs, ups, founds, slots, stock, waste, moves)\n"
     "-> the moves with every loop cut out (slots: each foundation slot's suit, 255 empty)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_native", "The search core in C (see _native.c).", -1, methods,
    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__native(void) {
    init_cards();
    init_keys();
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyModule_AddIntConstant(m, "MAX_ENTRIES", MAX_ENTRIES);
    PyModule_AddIntConstant(m, "MOVES_BOUND", MOVES_BOUND);
    PyModule_AddIntConstant(m, "MOVES_CAP", MOVES_CAP);
    return m;
}
