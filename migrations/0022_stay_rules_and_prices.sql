-- The rules a host sets for bookings made here, and the prices they charge. Defaults keep what a
-- couch did before: any stay of 1 to 365 nights from today on, one nightly price, a flexible policy.
ALTER TABLE couches
    ADD COLUMN min_nights           integer NOT NULL DEFAULT 1 CHECK (min_nights BETWEEN 1 AND 365),
    ADD COLUMN max_nights           integer NOT NULL DEFAULT 365 CHECK (max_nights BETWEEN 1 AND 365),
    -- Stays starting on these ISO weekdays (1 Monday … 7 Sunday) need weekday_min_nights instead.
    ADD COLUMN weekday_min_nights   integer CHECK (weekday_min_nights BETWEEN 1 AND 365),
    ADD COLUMN weekday_min_days     integer[] CHECK (weekday_min_days <@ ARRAY[1, 2, 3, 4, 5, 6, 7]
                                                     AND cardinality(weekday_min_days) BETWEEN 1 AND 7),
    ADD COLUMN advance_notice_hours integer NOT NULL DEFAULT 0 CHECK (advance_notice_hours BETWEEN 0 AND 8760),
    ADD COLUMN booking_window_days  integer CHECK (booking_window_days BETWEEN 1 AND 1095),
    ADD COLUMN check_in_weekdays    integer[] NOT NULL DEFAULT ARRAY[1, 2, 3, 4, 5, 6, 7]
                                    CHECK (check_in_weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7] AND cardinality(check_in_weekdays) BETWEEN 1 AND 7),
    ADD COLUMN cancellation_policy  text NOT NULL DEFAULT 'flexible' CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict')),
    ADD COLUMN weekend_price        numeric(12, 2) CHECK (weekend_price >= 0),
    ADD COLUMN weekend_nights       integer[] NOT NULL DEFAULT ARRAY[5, 6]
                                    CHECK (weekend_nights <@ ARRAY[1, 2, 3, 4, 5, 6, 7] AND cardinality(weekend_nights) <= 7),
    ADD COLUMN cleaning_fee         numeric(12, 2) CHECK (cleaning_fee >= 0),
    ADD COLUMN extra_guest_fee      numeric(12, 2) CHECK (extra_guest_fee >= 0),
    ADD COLUMN extra_guests_above   integer CHECK (extra_guests_above BETWEEN 1 AND 100),
    ADD COLUMN weekly_discount      integer CHECK (weekly_discount BETWEEN 0 AND 100),
    ADD COLUMN monthly_discount     integer CHECK (monthly_discount BETWEEN 0 AND 100),
    ADD CONSTRAINT couches_nights_order CHECK (min_nights <= max_nights),
    ADD CONSTRAINT couches_weekday_minimum CHECK ((weekday_min_nights IS NULL) = (weekday_min_days IS NULL)),
    ADD CONSTRAINT couches_extra_guests CHECK ((extra_guest_fee IS NULL) = (extra_guests_above IS NULL));

-- Seasons and events: nights from lower (included) to upper (excluded) at a price of their own.
CREATE TABLE couch_price_ranges (
    couch_id uuid NOT NULL REFERENCES couches (id) ON DELETE CASCADE,
    nights   daterange NOT NULL CHECK (NOT isempty(nights) AND lower_inc(nights) AND NOT upper_inc(nights)
                                       AND NOT lower_inf(nights) AND NOT upper_inf(nights)),
    nightly  numeric(12, 2) NOT NULL CHECK (nightly >= 0),
    CONSTRAINT couch_price_ranges_no_overlap EXCLUDE USING gist (couch_id WITH =, nights WITH &&)
);

-- What a booking was sold for, kept as it was: prices changed later never change it. Bookings
-- made before were one nightly price times the nights, so their nights are that price each.
ALTER TABLE reservations
    ADD COLUMN night_prices        numeric(12, 2)[],
    ADD COLUMN cleaning_fee        numeric(12, 2) NOT NULL DEFAULT 0 CHECK (cleaning_fee >= 0),
    ADD COLUMN extra_guest_fees    numeric(12, 2) NOT NULL DEFAULT 0 CHECK (extra_guest_fees >= 0),
    ADD COLUMN discount            numeric(12, 2) NOT NULL DEFAULT 0 CHECK (discount >= 0),
    ADD COLUMN cancellation_policy text NOT NULL DEFAULT 'flexible' CHECK (cancellation_policy IN ('flexible', 'moderate', 'strict')),
    ADD COLUMN refund              numeric(12, 2) CHECK (refund >= 0);
UPDATE reservations
SET night_prices = array_fill(round(total_price / (upper(stay) - lower(stay)), 2), ARRAY[upper(stay) - lower(stay)]);
ALTER TABLE reservations
    ALTER COLUMN night_prices SET NOT NULL,
    ADD CONSTRAINT reservations_night_prices CHECK (cardinality(night_prices) = upper(stay) - lower(stay)),
    ADD CONSTRAINT reservations_refund CHECK (refund IS NULL OR (status = 'cancelled' AND refund <= total_price));
