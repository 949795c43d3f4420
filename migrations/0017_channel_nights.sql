-- The occupancy invariant is per night: an imported event holds every one of its nights that
-- nobody else holds, as runs of nights (several occupancies of one event), and only the nights
-- another occupancy holds are its conflict. Whenever an occupancy goes, events waiting for its
-- nights take them in the same transaction.
DROP INDEX occupancies_one_per_event;
CREATE INDEX occupancies_channel_event ON occupancies (feed_id, feed_uid) WHERE feed_id IS NOT NULL;

-- The nights of an event its own occupancies hold.
CREATE FUNCTION channel_event_held(event_feed uuid, event_uid text) RETURNS datemultirange
LANGUAGE sql STABLE AS $$
    SELECT coalesce(range_agg(o.stay), '{}'::datemultirange) FROM occupancies o
    WHERE o.feed_id = event_feed AND o.feed_uid = event_uid
$$;

-- Gives the couch's imported events every night of theirs nobody holds, earliest event first (of
-- two channels claiming a free night, the event that starts first, then the lower UID, takes
-- it). A night a concurrent transaction takes first is skipped by ON CONFLICT and looked at
-- again, until a pass places nothing. Answers the runs placed.
CREATE FUNCTION place_channel_nights(target_couch uuid, placed_at timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    placed integer := 0;
    added integer;
BEGIN
    LOOP
        INSERT INTO occupancies (couch_id, stay, source, feed_id, feed_uid, created_at)
        SELECT e.couch_id, free.run, 'import', e.feed_id, e.uid, placed_at
        FROM channel_events e
        CROSS JOIN LATERAL unnest(datemultirange(e.stay) - coalesce(
            (SELECT range_agg(o.stay) FROM occupancies o WHERE o.couch_id = e.couch_id AND o.stay && e.stay),
            '{}'::datemultirange)) AS free(run)
        WHERE e.couch_id = target_couch
        ORDER BY lower(e.stay), e.uid, lower(free.run)
        ON CONFLICT DO NOTHING;
        GET DIAGNOSTICS added = ROW_COUNT;
        EXIT WHEN added = 0;
        placed := placed + added;
    END LOOP;
    RETURN placed;
END
$$;

-- Nights freed by a cancelled booking, a deleted block, a moved or vanished event or a removed
-- feed are taken at once by the events waiting for them.
CREATE FUNCTION occupancies_freed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    freed uuid;
BEGIN
    -- A couch being deleted takes its occupancies with it: nothing is placed for it.
    FOR freed IN SELECT DISTINCT gone.couch_id FROM gone
                 WHERE EXISTS (SELECT 1 FROM channel_events e WHERE e.couch_id = gone.couch_id AND e.stay && gone.stay)
                   AND EXISTS (SELECT 1 FROM couches c WHERE c.id = gone.couch_id) LOOP
        PERFORM place_channel_nights(freed, now());
    END LOOP;
    RETURN NULL;
END
$$;
CREATE TRIGGER occupancies_freed AFTER DELETE ON occupancies REFERENCING OLD TABLE AS gone
    FOR EACH STATEMENT EXECUTE FUNCTION occupancies_freed();

-- An imported stay lets its guest in (and gets door codes) while it holds all of its nights; one
-- that shares nights with another stay is the host's conflict to settle first.
CREATE OR REPLACE VIEW guest_stays AS
SELECT r.id AS stay_id, o.couch_id, o.stay, 'booking' AS source, r.guest_id
FROM occupancies o JOIN reservations r ON r.id = o.reservation_id
UNION ALL
SELECT e.id, e.couch_id, e.stay, 'import', NULL::uuid
FROM channel_events e
WHERE e.kind = 'stay' AND channel_event_held(e.feed_id, e.uid) = datemultirange(e.stay);
