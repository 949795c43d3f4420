-- Nights a channel's stay keeps, and one answer to whether it is placed.

-- An imported event is placed when it holds all of its nights and the turnover days after them
-- (channel_event_missing is empty); otherwise it is in conflict. The host's list of stays, the
-- feed's counts, the conflicts and the door codes all ask this one question, so an event whose
-- turnover is taken is a conflict everywhere, not a stay in one view and a conflict in another.
CREATE FUNCTION channel_event_placed(imported channel_events) RETURNS boolean
LANGUAGE sql STABLE AS $$
    SELECT isempty(channel_event_missing(imported.couch_id, imported.feed_id, imported.uid, imported.stay))
$$;

CREATE OR REPLACE VIEW guest_stays AS
SELECT r.id AS stay_id, o.couch_id, o.stay, 'booking' AS source, r.guest_id
FROM occupancies o JOIN reservations r ON r.id = o.reservation_id
WHERE r.status = 'confirmed'
UNION ALL
SELECT e.id, e.couch_id, e.stay, 'import', NULL::uuid
FROM channel_events e
WHERE e.kind = 'stay' AND channel_event_placed(e);

-- Free nights go to the couch's imported events one event at a time, earliest first (then the
-- lower UID), so that the turnover after an event (placed by the insert's trigger when its
-- statement ends) is kept before a later event takes nights: of two back-to-back stays of one
-- feed, the later one is in conflict on the earlier one's turnover day, whichever sync brought
-- them, instead of the earlier one losing its turnover because both arrived in one statement.
-- A night a concurrent transaction takes first is skipped by ON CONFLICT and looked at again,
-- until a pass places nothing. Answers the runs placed.
CREATE OR REPLACE FUNCTION place_channel_nights(target_couch uuid, placed_at timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
    placed integer := 0;
    added integer;
    runs integer;
    waiting record;
BEGIN
    LOOP
        added := 0;
        FOR waiting IN
            SELECT e.feed_id, e.uid, e.stay FROM channel_events e
            WHERE e.couch_id = target_couch
              AND NOT isempty(datemultirange(e.stay) - coalesce(
                  (SELECT range_agg(o.stay) FROM occupancies o WHERE o.couch_id = e.couch_id AND o.stay && e.stay), '{}'::datemultirange))
            ORDER BY lower(e.stay), e.uid
        LOOP
            INSERT INTO occupancies (couch_id, stay, source, feed_id, feed_uid, created_at)
            SELECT target_couch, free.run, 'import', waiting.feed_id, waiting.uid, placed_at
            FROM unnest(datemultirange(waiting.stay) - coalesce(
                (SELECT range_agg(o.stay) FROM occupancies o WHERE o.couch_id = target_couch AND o.stay && waiting.stay),
                '{}'::datemultirange)) AS free(run)
            ORDER BY lower(free.run)
            ON CONFLICT DO NOTHING;
            GET DIAGNOSTICS runs = ROW_COUNT;
            added := added + runs;
        END LOOP;
        EXIT WHEN added = 0;
        placed := placed + added;
    END LOOP;
    RETURN placed;
END
$$;

-- Events of a feed whose dates a sync changed keep every night they held that they still cover
-- (a stay a channel extends stays the holder of its shared night, rather than handing it to
-- another channel's event that starts earlier), let go of the nights they no longer cover, and
-- get their turnover after their new last night. The nights they gain are placed afterwards,
-- with everything else waiting.
CREATE FUNCTION keep_channel_nights(edited_feed uuid, edited_uids text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM occupancies t USING occupancies o
    WHERE t.after_id = o.id AND o.feed_id = edited_feed AND o.feed_uid = ANY(edited_uids);
    DELETE FROM occupancies o USING channel_events e
    WHERE o.feed_id = e.feed_id AND o.feed_uid = e.uid AND e.feed_id = edited_feed AND e.uid = ANY(edited_uids)
      AND NOT o.stay && e.stay;
    UPDATE occupancies o SET stay = o.stay * e.stay
    FROM channel_events e
    WHERE o.feed_id = e.feed_id AND o.feed_uid = e.uid AND e.feed_id = edited_feed AND e.uid = ANY(edited_uids)
      AND o.stay <> o.stay * e.stay;
    PERFORM place_turnover(o, false) FROM occupancies o WHERE o.feed_id = edited_feed AND o.feed_uid = ANY(edited_uids);
END
$$;
