-- A turnover is placed after an occupancy that is not over yet (replace_turnover, from the couch's
-- today), so a host who turns turnover days on gives none to stays already over. What an imported
-- event lacks asked those stays for turnover all the same: every past channel stay became a
-- conflict whose missing night nobody held. An event over before the couch's today (its last
-- night behind it) now lacks only its own nights.
CREATE OR REPLACE FUNCTION channel_event_gaps(event_couch uuid, event_feed uuid, event_uid text, event_stay daterange)
RETURNS TABLE (missing datemultirange)
LANGUAGE sql STABLE AS $$
    SELECT datemultirange(event_stay, daterange(upper(event_stay), upper(event_stay) + CASE
               WHEN c.turnover_days = 0 OR upper(event_stay) < (now() AT TIME ZONE c.time_zone)::date THEN 0
               ELSE c.turnover_days END))
           - coalesce((SELECT range_agg(held.stay)
                       FROM occupancies o LEFT JOIN occupancies t ON t.after_id = o.id
                            CROSS JOIN LATERAL (VALUES (o.stay), (t.stay)) held(stay)
                       WHERE o.feed_id = event_feed AND o.feed_uid = event_uid),
                      '{}'::datemultirange)
    FROM couches c WHERE c.id = event_couch
$$;
