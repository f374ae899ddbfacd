-- Chess team events: a third kind of event beside individual events (`event`) and bridge
-- sessions. Teams with ordered rosters meet in matches of a fixed number of boards; a board is
-- one game between two roster members. No rule lives here: pairings come from the Berger tables
-- or the Swiss Team engine (C.04.6), standings from `tiebreak`, both on the model the store
-- builds from these rows.

CREATE TABLE team_event (
    id             INTEGER PRIMARY KEY,
    name           TEXT NOT NULL,
    place          TEXT NOT NULL DEFAULT '',
    federation     TEXT NOT NULL DEFAULT '',
    start_date     TEXT NOT NULL DEFAULT '',    -- YYYY-MM-DD or empty
    end_date       TEXT NOT NULL DEFAULT '',
    chief_arbiter  TEXT NOT NULL DEFAULT '',
    time_control   TEXT NOT NULL DEFAULT '',
    rounds         INTEGER NOT NULL CHECK (rounds BETWEEN 1 AND 99),
    system         TEXT NOT NULL CHECK (system IN ('swiss_team', 'round_robin', 'double_round_robin')),
    boards         INTEGER NOT NULL CHECK (boards BETWEEN 1 AND 16),
    -- Match points for a match won, drawn, lost (2/1/0 or 3/1/0).
    match_win      INTEGER NOT NULL DEFAULT 2 CHECK (match_win BETWEEN 1 AND 9),
    match_draw     INTEGER NOT NULL DEFAULT 1 CHECK (match_draw BETWEEN 0 AND 9),
    match_loss     INTEGER NOT NULL DEFAULT 0 CHECK (match_loss BETWEEN 0 AND 9),
    -- Swiss Team variant (C.04.6): colour preferences and the primary score.
    preferences    TEXT NOT NULL DEFAULT 'a' CHECK (preferences IN ('a', 'b', 'none')),
    primary_score  TEXT NOT NULL DEFAULT 'mp' CHECK (primary_score IN ('mp', 'gp')),
    initial_color  TEXT NOT NULL DEFAULT 'w' CHECK (initial_color IN ('w', 'b')),
    tiebreaks      TEXT NOT NULL DEFAULT '',    -- after MP/GP, as `tiebreak::parse_list` reads them
    public         INTEGER NOT NULL DEFAULT 1 CHECK (public IN (0, 1)),
    created_at     TEXT NOT NULL
);

-- A team. `number` is the team pairing number: by the average rating of the top boards until
-- round 1 is paired, then fixed (a late entry takes the next free number).
CREATE TABLE team (
    id         INTEGER PRIMARY KEY,
    event_id   INTEGER NOT NULL REFERENCES team_event(id) ON DELETE CASCADE,
    number     INTEGER NOT NULL,
    name       TEXT NOT NULL,
    club       TEXT NOT NULL DEFAULT '',
    federation TEXT NOT NULL DEFAULT '',
    captain    TEXT NOT NULL DEFAULT '',
    UNIQUE (event_id, number),
    UNIQUE (event_id, name)
);
CREATE INDEX team_event_teams ON team(event_id);

-- A player of a team's roster; `board` is the roster order from 1 (beyond the event's boards
-- per match: the reserves).
CREATE TABLE team_member (
    id         INTEGER PRIMARY KEY,
    team_id    INTEGER NOT NULL REFERENCES team(id) ON DELETE CASCADE,
    board      INTEGER NOT NULL CHECK (board BETWEEN 1 AND 99),
    name       TEXT NOT NULL,
    title      TEXT NOT NULL DEFAULT '',
    rating     INTEGER CHECK (rating BETWEEN 0 AND 3999),
    federation TEXT NOT NULL DEFAULT '',
    fide_id    INTEGER,
    UNIQUE (team_id, board)
);

-- A paired round. `bye_team`: the team without a match (the Swiss Team PAB, or the team that
-- sits out a round robin of an odd number of teams).
CREATE TABLE team_round (
    event_id  INTEGER NOT NULL REFERENCES team_event(id) ON DELETE CASCADE,
    number    INTEGER NOT NULL,
    bye_team  INTEGER REFERENCES team(id),
    paired_at TEXT NOT NULL,
    PRIMARY KEY (event_id, number)
);

-- A match of a round: `white_team` has White on board 1 (the home team of a round robin).
CREATE TABLE team_match (
    event_id   INTEGER NOT NULL,
    round      INTEGER NOT NULL,
    number     INTEGER NOT NULL,   -- the match's table, from 1
    white_team INTEGER NOT NULL REFERENCES team(id),
    black_team INTEGER NOT NULL REFERENCES team(id),
    PRIMARY KEY (event_id, round, number),
    FOREIGN KEY (event_id, round) REFERENCES team_round(event_id, number) ON DELETE CASCADE
);

-- One board of a match: `white` and `black` are roster members (the lineups put them there).
-- result as `game.result`: NULL (pending), '1-0', '0-1', '1/2', '1F-0F', '0F-1F', '0F-0F'.
CREATE TABLE team_board (
    event_id INTEGER NOT NULL,
    round    INTEGER NOT NULL,
    match    INTEGER NOT NULL,
    board    INTEGER NOT NULL,
    white    INTEGER NOT NULL REFERENCES team_member(id),
    black    INTEGER NOT NULL REFERENCES team_member(id),
    result   TEXT CHECK (result IN ('1-0', '0-1', '1/2', '1F-0F', '0F-1F', '0F-0F')),
    PRIMARY KEY (event_id, round, match, board),
    FOREIGN KEY (event_id, round, match) REFERENCES team_match(event_id, round, number) ON DELETE CASCADE
);

-- Every change to a team event: who, when, what (JSON), and what it touched (`target`:
-- 'board:R:M:B', 'lineup:R:M', 'round:R', 'teams', 'settings') for the forms' version check.
-- The event's version is its last entry's id.
CREATE TABLE team_log (
    id       INTEGER PRIMARY KEY,
    event_id INTEGER NOT NULL REFERENCES team_event(id) ON DELETE CASCADE,
    at       TEXT NOT NULL,
    actor    TEXT NOT NULL,
    action   TEXT NOT NULL,
    target   TEXT NOT NULL,
    detail   TEXT NOT NULL
);
CREATE INDEX team_log_event ON team_log(event_id, target, id);
