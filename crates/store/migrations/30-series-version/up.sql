-- Issue 34 §1: a series' settings form carries the version it was built from. A series has no
-- log of its own (its changes are logged in its sessions' logs, and a new series has none), so
-- it counts its changes itself: every change to its row or to its list of sessions.
ALTER TABLE bridge_series ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

CREATE TRIGGER bridge_series_changed AFTER UPDATE OF name, scoring, points, best, public ON bridge_series
BEGIN
    UPDATE bridge_series SET version = version + 1 WHERE id = NEW.id;
END;

CREATE TRIGGER bridge_series_session_added AFTER INSERT ON bridge_series_session
BEGIN
    UPDATE bridge_series SET version = version + 1 WHERE id = NEW.series_id;
END;

CREATE TRIGGER bridge_series_session_removed AFTER DELETE ON bridge_series_session
BEGIN
    UPDATE bridge_series SET version = version + 1 WHERE id = OLD.series_id;
END;
