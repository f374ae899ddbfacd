-- An event's prize list, as `arbiter prizes` reads it (prize;category;amount), and the rule
-- that shares the prizes of tied players: by places, shared equally, or the Hort system.
CREATE TABLE prize_list (
    event_id INTEGER PRIMARY KEY REFERENCES event(id) ON DELETE CASCADE,
    rule     TEXT NOT NULL CHECK (rule IN ('places', 'shared', 'hort')),
    list     TEXT NOT NULL
);
