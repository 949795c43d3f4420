-- The exported calendar's events change when their dates do (a host shortens a stay, a channel
-- moves or grows an event, a turnover follows its stay), and an importer keeps the old dates
-- unless the event's SEQUENCE grows and its DTSTAMP says when (RFC 5545 §3.8.7.4, §3.8.7.2).
-- One row per exported event that ever changed, or per turnover once placed: what it showed,
-- its SEQUENCE and when it last changed. An event without a row is at SEQUENCE 0 since it was
-- made. Keyed by what the export names the event by: the reservation, block or imported event,
-- and for the nights kept free after one of them, that one with `turnover`.
CREATE TABLE calendar_revisions (
    occupant   uuid NOT NULL,
    turnover   boolean NOT NULL,
    couch_id   uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    -- The dates, and for an imported event its kind (its SUMMARY), as last exported.
    shown      text NOT NULL,
    sequence   integer NOT NULL CHECK (sequence >= 0),
    revised_at timestamptz NOT NULL,
    PRIMARY KEY (occupant, turnover)
);
CREATE INDEX calendar_revisions_couch ON calendar_revisions (couch_id);

-- Records that an event now shows `shown`: a new row starts at `first_sequence`, an existing one
-- counts one more revision when what it shows changed. DTSTAMP has whole seconds, and the clock
-- that stamped the event before (`made_at`, or its last revision) may be ahead of this one: a
-- revision is stamped at least a second after it, so that DTSTAMP grows with every change.
CREATE FUNCTION revise_calendar_event(
    event_couch uuid, event_occupant uuid, is_turnover boolean, now_shown text, first_sequence integer, made_at timestamptz
) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO calendar_revisions AS r (occupant, turnover, couch_id, shown, sequence, revised_at)
    VALUES (event_occupant, is_turnover, event_couch, now_shown, first_sequence,
            greatest(now(), date_trunc('second', made_at) + interval '1 second'))
    ON CONFLICT (occupant, turnover) DO UPDATE
        SET shown = excluded.shown, sequence = r.sequence + 1,
            revised_at = greatest(now(), date_trunc('second', r.revised_at) + interval '1 second')
        WHERE r.shown <> excluded.shown
$$;

-- A booking changes its dates only by a host's shortening; it was at SEQUENCE 0 until then.
CREATE FUNCTION reservation_revision() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM revise_calendar_event(NEW.couch_id, NEW.id, false, NEW.stay::text, 1, NEW.created_at);
    RETURN NULL;
END
$$;
CREATE TRIGGER reservations_revision AFTER UPDATE OF stay ON reservations
    FOR EACH ROW WHEN (NEW.stay <> OLD.stay) EXECUTE FUNCTION reservation_revision();

-- An imported event is exported with its channel's dates, as a stay or dates closed.
CREATE FUNCTION channel_event_revision() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM revise_calendar_event(NEW.couch_id, NEW.id, false, NEW.stay::text || ' ' || NEW.kind, 1, NEW.created_at);
    RETURN NULL;
END
$$;
CREATE TRIGGER channel_events_revision AFTER UPDATE OF stay, kind ON channel_events
    FOR EACH ROW WHEN (NEW.stay <> OLD.stay OR NEW.kind <> OLD.kind) EXECUTE FUNCTION channel_event_revision();

-- A turnover is placed again whenever its stay or the couch's turnover changes: its row counts a
-- revision when it is placed with other dates than it last had.
CREATE FUNCTION turnover_revision() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM revise_calendar_event(NEW.couch_id, coalesce(p.reservation_id, e.id, p.id), true, NEW.stay::text, 0, NULL)
    FROM occupancies p LEFT JOIN channel_events e ON e.feed_id = p.feed_id AND e.uid = p.feed_uid
    WHERE p.id = NEW.after_id;
    RETURN NULL;
END
$$;
CREATE TRIGGER occupancies_turnover_revision AFTER INSERT OR UPDATE OF stay ON occupancies
    FOR EACH ROW WHEN (NEW.source = 'turnover') EXECUTE FUNCTION turnover_revision();
