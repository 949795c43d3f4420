-- Indexes for couch search (GET /couches): each filter and each sort order of a page, at 100k
-- couches and more. Confirmed stays overlapping the searched dates are found through the index of
-- reservations_no_overlap (couch_id, stay WHERE confirmed), which 0002 already has.

-- A city in any capitalisation, paged newest first or cheapest first without sorting the city.
CREATE INDEX couches_city_newest ON couches (lower(city), created_at DESC, id DESC);
CREATE INDEX couches_city_price ON couches (lower(city), nightly_price, id);

-- The same orders over every couch.
CREATE INDEX couches_newest ON couches (created_at DESC, id DESC);
CREATE INDEX couches_price ON couches (nightly_price, id);

-- Bounding boxes: latitude and longitude ranges, searched together in one GiST index (btree_gist,
-- from 0001). Plain range conditions keep the planner's row estimates from the columns'
-- statistics, so a wide box walks the sort order's index instead of collecting the whole box.
CREATE INDEX couches_location ON couches USING gist (latitude, longitude);

-- Averages per couch read from the index alone, so the rating order needs no stored (and
-- drifting) average column.
CREATE INDEX ratings_couch_stars ON ratings (couch_id) INCLUDE (stars);
