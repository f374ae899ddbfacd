-- A chess team event may be a knock-out cup (the FFE's Coupe de France, Coupe Loubatière,
-- Coupe 2000, Coupe de la Parité): SQLite cannot widen a CHECK in place, so the system column
-- is copied into a new one with the wider check, dropped, and the new one takes its name.
ALTER TABLE team_event ADD COLUMN system_new TEXT NOT NULL DEFAULT 'swiss_team'
    CHECK (system_new IN ('swiss_team', 'round_robin', 'double_round_robin', 'cup'));
UPDATE team_event SET system_new = system;
ALTER TABLE team_event DROP COLUMN system;
ALTER TABLE team_event RENAME COLUMN system_new TO system;

-- A cup's settings: how round 1's bracket is made (by rating: the team numbers; or drawn),
-- how later rounds are made (the bracket, or a fresh draw of the winners) and how a drawn
-- match is decided (the first board from the top with a decisive result, the FFE's practice;
-- the bottom boards discounted one by one; a board count weighted from board 1; or a tie-break
-- match alone).
CREATE TABLE team_cup (
    event_id   INTEGER PRIMARY KEY REFERENCES team_event(id) ON DELETE CASCADE,
    seeding    TEXT NOT NULL DEFAULT 'rating' CHECK (seeding IN ('rating', 'draw')),
    next_round TEXT NOT NULL DEFAULT 'bracket' CHECK (next_round IN ('bracket', 'draw')),
    tie_break  TEXT NOT NULL DEFAULT 'top_board'
        CHECK (tie_break IN ('top_board', 'board_elimination', 'board_count', 'match'))
);

-- A cup round's places in bracket order: slots 1 and 2 meet, 3 and 4, …; a team alone in its
-- pair (the other slot NULL) goes through without a match (a bye of round 1, or the opponent
-- of a match nobody won). Written when the round is paired, gone with it.
CREATE TABLE team_cup_slot (
    event_id INTEGER NOT NULL,
    round    INTEGER NOT NULL,
    slot     INTEGER NOT NULL,
    team     INTEGER REFERENCES team(id),
    PRIMARY KEY (event_id, round, slot),
    FOREIGN KEY (event_id, round) REFERENCES team_round(event_id, number) ON DELETE CASCADE
);

-- The tie-break match of a drawn cup match (blitz or rapid games, played after it), entered as
-- its own score in half points for the match's white team and black team; never level.
CREATE TABLE team_cup_playoff (
    event_id     INTEGER NOT NULL,
    round        INTEGER NOT NULL,
    match        INTEGER NOT NULL,
    white_points INTEGER NOT NULL CHECK (white_points BETWEEN 0 AND 99),
    black_points INTEGER NOT NULL CHECK (black_points BETWEEN 0 AND 99),
    CHECK (white_points <> black_points),
    PRIMARY KEY (event_id, round, match),
    FOREIGN KEY (event_id, round, match) REFERENCES team_match(event_id, round, number) ON DELETE CASCADE
);
