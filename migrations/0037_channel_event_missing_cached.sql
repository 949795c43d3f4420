-- What an imported event holds and lacks, asked once per event by every view of a host's
-- channels (their stays, a feed's counts, conflicts, door codes): as PL/pgSQL functions their
-- statements are planned once per connection, where the SQL functions they replace started an
-- executor of their own for every event, three levels deep (placed, missing, held): about twice
-- as slow. The answers are the same.
CREATE OR REPLACE FUNCTION channel_event_held(event_feed uuid, event_uid text) RETURNS datemultirange
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN coalesce((SELECT range_agg(o.stay) FROM occupancies o WHERE o.feed_id = event_feed AND o.feed_uid = event_uid),
                    '{}'::datemultirange);
END
$$;

-- The event's nights and the turnover after them, less the nights it holds and the turnover it placed.
CREATE OR REPLACE FUNCTION channel_event_missing(event_couch uuid, event_feed uuid, event_uid text, event_stay daterange) RETURNS datemultirange
LANGUAGE plpgsql STABLE AS $$
BEGIN
    RETURN (
        SELECT datemultirange(event_stay, daterange(upper(event_stay), upper(event_stay) + c.turnover_days))
               - channel_event_held(event_feed, event_uid)
               - coalesce((SELECT range_agg(t.stay) FROM occupancies t JOIN occupancies o ON o.id = t.after_id
                           WHERE o.feed_id = event_feed AND o.feed_uid = event_uid), '{}'::datemultirange)
        FROM couches c WHERE c.id = event_couch);
END
$$;
