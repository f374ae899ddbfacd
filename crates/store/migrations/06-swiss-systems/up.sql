-- A Swiss event is paired by one of FIDE's individual Swiss systems (C.04.3, C.04.4.1,
-- C.04.4.3); every event before this one was Dutch.
ALTER TABLE event ADD COLUMN swiss_system TEXT NOT NULL DEFAULT 'dutch'
    CHECK (swiss_system IN ('dutch', 'dubov', 'lim', 'burstein'));
