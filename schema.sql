-- The database as the migrations in migrations/ leave it, by feature: each table with its
-- constraints and indexes, each function's live body, each trigger. Written by scripts/schema
-- (pg_dump of a freshly migrated database, regrouped); CI fails when it differs from the
-- migrations, so change a migration, never this file, and run scripts/schema.
--
-- For reading: the order is by feature, not by dependency, so it does not load as it stands.

-- ================================================================================================
-- Accounts
-- ================================================================================================

-- TABLE: login_failures
CREATE TABLE public.login_failures (
    id bigint NOT NULL,
    email text NOT NULL,
    address text NOT NULL,
    failed_at timestamp with time zone NOT NULL
);

-- SEQUENCE: login_failures_id_seq
ALTER TABLE public.login_failures ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.login_failures_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- TABLE: sessions
CREATE TABLE public.sessions (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    family_id uuid NOT NULL,
    user_id uuid NOT NULL,
    token_hash bytea NOT NULL,
    authenticated_at timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL,
    rotated_at timestamp with time zone,
    revoked_at timestamp with time zone
);

-- TABLE: users
CREATE TABLE public.users (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    email text NOT NULL,
    name text NOT NULL,
    password_hash text NOT NULL,
    external_id text,
    is_admin boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT users_email_check CHECK (((length(email) >= 3) AND (length(email) <= 254))),
    CONSTRAINT users_external_id_check CHECK (((length(external_id) >= 1) AND (length(external_id) <= 128))),
    CONSTRAINT users_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100)))
);

-- CONSTRAINT: login_failures login_failures_pkey
ALTER TABLE ONLY public.login_failures
    ADD CONSTRAINT login_failures_pkey PRIMARY KEY (id);

-- CONSTRAINT: sessions sessions_pkey
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);

-- CONSTRAINT: sessions sessions_token_hash_key
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_token_hash_key UNIQUE (token_hash);

-- CONSTRAINT: users users_external_id_key
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_external_id_key UNIQUE (external_id);

-- CONSTRAINT: users users_pkey
ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

-- INDEX: login_failures_address
CREATE INDEX login_failures_address ON public.login_failures USING btree (address, failed_at);

-- INDEX: login_failures_email
CREATE INDEX login_failures_email ON public.login_failures USING btree (email, failed_at);

-- INDEX: sessions_family
CREATE INDEX sessions_family ON public.sessions USING btree (family_id);

-- INDEX: sessions_user_live
CREATE INDEX sessions_user_live ON public.sessions USING btree (user_id) WHERE (revoked_at IS NULL);

-- INDEX: users_email_unique
CREATE UNIQUE INDEX users_email_unique ON public.users USING btree (lower(email));

-- FK CONSTRAINT: sessions sessions_user_id_fkey
ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

-- ================================================================================================
-- Couches
-- ================================================================================================

-- TABLE: couches
CREATE TABLE public.couches (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    owner_id uuid NOT NULL,
    name text NOT NULL,
    description text DEFAULT ''::text NOT NULL,
    address text DEFAULT ''::text NOT NULL,
    city text NOT NULL,
    country text NOT NULL,
    max_guests integer NOT NULL,
    latitude double precision,
    longitude double precision,
    time_zone text NOT NULL,
    check_in_time time without time zone DEFAULT '15:00:00'::time without time zone NOT NULL,
    check_out_time time without time zone DEFAULT '11:00:00'::time without time zone NOT NULL,
    nightly_price numeric(12,2) DEFAULT 0 NOT NULL,
    currency text DEFAULT 'EUR'::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    code_length integer DEFAULT 6 NOT NULL,
    code_lead_minutes integer DEFAULT 0 NOT NULL,
    code_grace_minutes integer DEFAULT 15 NOT NULL,
    code_reveal_hours integer DEFAULT 48 NOT NULL,
    min_nights integer DEFAULT 1 NOT NULL,
    max_nights integer DEFAULT 365 NOT NULL,
    weekday_min_nights integer,
    weekday_min_days integer[],
    advance_notice_hours integer DEFAULT 0 NOT NULL,
    booking_window_days integer,
    check_in_weekdays integer[] DEFAULT ARRAY[1, 2, 3, 4, 5, 6, 7] NOT NULL,
    cancellation_policy text DEFAULT 'flexible'::text NOT NULL,
    weekend_price numeric(12,2),
    weekend_nights integer[] DEFAULT ARRAY[5, 6] NOT NULL,
    cleaning_fee numeric(12,2),
    extra_guest_fee numeric(12,2),
    extra_guests_above integer,
    weekly_discount integer,
    monthly_discount integer,
    turnover_days integer DEFAULT 0 NOT NULL,
    instant_book boolean DEFAULT true NOT NULL,
    request_expiry_hours integer DEFAULT 24 NOT NULL,
    CONSTRAINT couches_address_check CHECK ((length(address) <= 500)),
    CONSTRAINT couches_advance_notice_hours_check CHECK (((advance_notice_hours >= 0) AND (advance_notice_hours <= 8760))),
    CONSTRAINT couches_booking_window_days_check CHECK (((booking_window_days >= 1) AND (booking_window_days <= 1095))),
    CONSTRAINT couches_cancellation_policy_check CHECK ((cancellation_policy = ANY (ARRAY['flexible'::text, 'moderate'::text, 'strict'::text]))),
    CONSTRAINT couches_check CHECK (((latitude IS NULL) = (longitude IS NULL))),
    CONSTRAINT couches_check_in_weekdays_check CHECK (((check_in_weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]) AND ((cardinality(check_in_weekdays) >= 1) AND (cardinality(check_in_weekdays) <= 7)))),
    CONSTRAINT couches_city_check CHECK (((length(btrim(city)) >= 1) AND (length(btrim(city)) <= 100))),
    CONSTRAINT couches_cleaning_fee_check CHECK ((cleaning_fee >= (0)::numeric)),
    CONSTRAINT couches_code_grace_minutes_check CHECK (((code_grace_minutes >= 0) AND (code_grace_minutes <= 1440))),
    CONSTRAINT couches_code_lead_minutes_check CHECK (((code_lead_minutes >= 0) AND (code_lead_minutes <= 1440))),
    CONSTRAINT couches_code_length_check CHECK (((code_length >= 4) AND (code_length <= 8))),
    CONSTRAINT couches_code_reveal_hours_check CHECK (((code_reveal_hours >= 0) AND (code_reveal_hours <= 720))),
    CONSTRAINT couches_country_check CHECK (((length(btrim(country)) >= 1) AND (length(btrim(country)) <= 100))),
    CONSTRAINT couches_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT couches_description_check CHECK ((length(description) <= 10000)),
    CONSTRAINT couches_extra_guest_fee_check CHECK ((extra_guest_fee >= (0)::numeric)),
    CONSTRAINT couches_extra_guests CHECK (((extra_guest_fee IS NULL) = (extra_guests_above IS NULL))),
    CONSTRAINT couches_extra_guests_above_check CHECK (((extra_guests_above >= 1) AND (extra_guests_above <= 100))),
    CONSTRAINT couches_latitude_check CHECK (((latitude >= ('-90'::integer)::double precision) AND (latitude <= (90)::double precision))),
    CONSTRAINT couches_longitude_check CHECK (((longitude >= ('-180'::integer)::double precision) AND (longitude <= (180)::double precision))),
    CONSTRAINT couches_max_guests_check CHECK (((max_guests >= 1) AND (max_guests <= 50))),
    CONSTRAINT couches_max_nights_check CHECK (((max_nights >= 1) AND (max_nights <= 365))),
    CONSTRAINT couches_min_nights_check CHECK (((min_nights >= 1) AND (min_nights <= 365))),
    CONSTRAINT couches_monthly_discount_check CHECK (((monthly_discount >= 0) AND (monthly_discount <= 100))),
    CONSTRAINT couches_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 200))),
    CONSTRAINT couches_nightly_price_check CHECK ((nightly_price >= (0)::numeric)),
    CONSTRAINT couches_nights_order CHECK ((min_nights <= max_nights)),
    CONSTRAINT couches_request_expiry_hours_check CHECK (((request_expiry_hours >= 1) AND (request_expiry_hours <= 336))),
    CONSTRAINT couches_turnover_days_check CHECK (((turnover_days >= 0) AND (turnover_days <= 30))),
    CONSTRAINT couches_weekday_min_days_check CHECK (((weekday_min_days <@ ARRAY[1, 2, 3, 4, 5, 6, 7]) AND ((cardinality(weekday_min_days) >= 1) AND (cardinality(weekday_min_days) <= 7)))),
    CONSTRAINT couches_weekday_min_nights_check CHECK (((weekday_min_nights >= 1) AND (weekday_min_nights <= 365))),
    CONSTRAINT couches_weekday_minimum CHECK (((weekday_min_nights IS NULL) = (weekday_min_days IS NULL))),
    CONSTRAINT couches_weekend_nights_check CHECK (((weekend_nights <@ ARRAY[1, 2, 3, 4, 5, 6, 7]) AND (cardinality(weekend_nights) <= 7))),
    CONSTRAINT couches_weekend_price_check CHECK ((weekend_price >= (0)::numeric)),
    CONSTRAINT couches_weekly_discount_check CHECK (((weekly_discount >= 0) AND (weekly_discount <= 100)))
);

-- TABLE: couch_guides
CREATE TABLE public.couch_guides (
    couch_id uuid NOT NULL,
    wifi_name text,
    wifi_password_sealed bytea,
    arrival text,
    departure text,
    house_rules text,
    parking text,
    host_contact_name text,
    host_contact_phone text,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT couch_guides_arrival_check CHECK ((length(arrival) <= 4000)),
    CONSTRAINT couch_guides_departure_check CHECK ((length(departure) <= 4000)),
    CONSTRAINT couch_guides_host_contact_name_check CHECK ((length(host_contact_name) <= 100)),
    CONSTRAINT couch_guides_host_contact_phone_check CHECK ((length(host_contact_phone) <= 40)),
    CONSTRAINT couch_guides_house_rules_check CHECK ((length(house_rules) <= 4000)),
    CONSTRAINT couch_guides_parking_check CHECK ((length(parking) <= 2000)),
    CONSTRAINT couch_guides_wifi_name_check CHECK ((length(wifi_name) <= 64))
);

-- TABLE: couch_images
CREATE TABLE public.couch_images (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    "position" integer NOT NULL,
    sha256 text NOT NULL,
    content_type text NOT NULL,
    byte_size integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT couch_images_byte_size_check CHECK (((byte_size >= 1) AND (byte_size <= 5242880))),
    CONSTRAINT couch_images_content_type_check CHECK ((content_type = ANY (ARRAY['image/jpeg'::text, 'image/png'::text, 'image/webp'::text]))),
    CONSTRAINT couch_images_position_check CHECK (("position" >= 0)),
    CONSTRAINT couch_images_sha256_check CHECK ((sha256 ~ '^[0-9a-f]{64}$'::text))
);

-- TABLE: ratings
CREATE TABLE public.ratings (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    reservation_id uuid NOT NULL,
    couch_id uuid NOT NULL,
    author_id uuid NOT NULL,
    stars integer NOT NULL,
    comment text DEFAULT ''::text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT ratings_comment_check CHECK ((length(comment) <= 2000)),
    CONSTRAINT ratings_stars_check CHECK (((stars >= 1) AND (stars <= 5)))
);

-- CONSTRAINT: couch_guides couch_guides_pkey
ALTER TABLE ONLY public.couch_guides
    ADD CONSTRAINT couch_guides_pkey PRIMARY KEY (couch_id);

-- CONSTRAINT: couch_images couch_images_couch_id_position_key
ALTER TABLE ONLY public.couch_images
    ADD CONSTRAINT couch_images_couch_id_position_key UNIQUE (couch_id, "position");

-- CONSTRAINT: couch_images couch_images_pkey
ALTER TABLE ONLY public.couch_images
    ADD CONSTRAINT couch_images_pkey PRIMARY KEY (id);

-- CONSTRAINT: couches couches_pkey
ALTER TABLE ONLY public.couches
    ADD CONSTRAINT couches_pkey PRIMARY KEY (id);

-- CONSTRAINT: ratings ratings_pkey
ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_pkey PRIMARY KEY (id);

-- CONSTRAINT: ratings ratings_reservation_id_key
ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_reservation_id_key UNIQUE (reservation_id);

-- INDEX: couch_images_sha256
CREATE INDEX couch_images_sha256 ON public.couch_images USING btree (sha256);

-- INDEX: couches_city_newest
CREATE INDEX couches_city_newest ON public.couches USING btree (lower(city), created_at DESC, id DESC);

-- INDEX: couches_city_price
CREATE INDEX couches_city_price ON public.couches USING btree (lower(city), nightly_price, id);

-- INDEX: couches_location
CREATE INDEX couches_location ON public.couches USING gist (latitude, longitude);

-- INDEX: couches_newest
CREATE INDEX couches_newest ON public.couches USING btree (created_at DESC, id DESC);

-- INDEX: couches_owner
CREATE INDEX couches_owner ON public.couches USING btree (owner_id);

-- INDEX: couches_price
CREATE INDEX couches_price ON public.couches USING btree (nightly_price, id);

-- INDEX: ratings_couch
CREATE INDEX ratings_couch ON public.ratings USING btree (couch_id, created_at DESC, id DESC);

-- INDEX: ratings_couch_stars
CREATE INDEX ratings_couch_stars ON public.ratings USING btree (couch_id) INCLUDE (stars);

-- FK CONSTRAINT: couch_guides couch_guides_couch_id_fkey
ALTER TABLE ONLY public.couch_guides
    ADD CONSTRAINT couch_guides_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: couch_images couch_images_couch_id_fkey
ALTER TABLE ONLY public.couch_images
    ADD CONSTRAINT couch_images_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: couches couches_owner_id_fkey
ALTER TABLE ONLY public.couches
    ADD CONSTRAINT couches_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES public.users(id) ON DELETE RESTRICT;

-- FK CONSTRAINT: ratings ratings_reservation_id_couch_id_author_id_fkey
ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_reservation_id_couch_id_author_id_fkey FOREIGN KEY (reservation_id, couch_id, author_id) REFERENCES public.reservations(id, couch_id, guest_id) ON DELETE CASCADE;

-- TRIGGER: couches couches_builtin_scenes
CREATE TRIGGER couches_builtin_scenes AFTER INSERT ON public.couches FOR EACH ROW EXECUTE FUNCTION public.couch_builtin_scenes();

-- ================================================================================================
-- Booking
-- ================================================================================================

-- TABLE: occupancies
CREATE TABLE public.occupancies (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    stay daterange NOT NULL,
    source text NOT NULL,
    reservation_id uuid,
    reason text,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    feed_id uuid,
    feed_uid text,
    after_id uuid,
    CONSTRAINT occupancies_check1 CHECK (((source = 'block'::text) OR (reason IS NULL))),
    CONSTRAINT occupancies_reason_check CHECK ((length(reason) <= 200)),
    CONSTRAINT occupancies_source_check CHECK ((source = ANY (ARRAY['booking'::text, 'block'::text, 'import'::text, 'turnover'::text]))),
    CONSTRAINT occupancies_source_reference CHECK ((((source = 'booking'::text) = (reservation_id IS NOT NULL)) AND ((source = 'import'::text) = ((feed_id IS NOT NULL) AND (feed_uid IS NOT NULL))))),
    CONSTRAINT occupancies_stay_check CHECK (((NOT isempty(stay)) AND lower_inc(stay) AND (NOT upper_inc(stay)) AND (NOT lower_inf(stay)) AND (NOT upper_inf(stay)))),
    CONSTRAINT occupancies_turnover_follows CHECK (((source = 'turnover'::text) = (after_id IS NOT NULL)))
);

-- TABLE: reservations
CREATE TABLE public.reservations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    guest_id uuid NOT NULL,
    stay daterange NOT NULL,
    guests integer NOT NULL,
    status text DEFAULT 'confirmed'::text NOT NULL,
    total_price numeric(14,2) NOT NULL,
    currency text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    cancelled_at timestamp with time zone,
    cancelled_by uuid,
    night_prices numeric(12,2)[] NOT NULL,
    cleaning_fee numeric(12,2) DEFAULT 0 NOT NULL,
    extra_guest_fees numeric(14,2) DEFAULT 0 NOT NULL,
    discount numeric(12,2) DEFAULT 0 NOT NULL,
    cancellation_policy text DEFAULT 'flexible'::text NOT NULL,
    refund numeric(14,2),
    request_expires_at timestamp with time zone,
    paid numeric(14,2) NOT NULL,
    CONSTRAINT reservations_cancellation_policy_check CHECK ((cancellation_policy = ANY (ARRAY['flexible'::text, 'moderate'::text, 'strict'::text]))),
    CONSTRAINT reservations_check CHECK (((status = 'cancelled'::text) = (cancelled_at IS NOT NULL))),
    CONSTRAINT reservations_cleaning_fee_check CHECK ((cleaning_fee >= (0)::numeric)),
    CONSTRAINT reservations_currency_check CHECK ((currency ~ '^[A-Z]{3}$'::text)),
    CONSTRAINT reservations_discount_check CHECK ((discount >= (0)::numeric)),
    CONSTRAINT reservations_extra_guest_fees_check CHECK ((extra_guest_fees >= (0)::numeric)),
    CONSTRAINT reservations_guests_check CHECK ((guests > 0)),
    CONSTRAINT reservations_money_adds_up CHECK (((total_price >= (0)::numeric) AND ((total_price + COALESCE(refund, (0)::numeric)) = paid))),
    CONSTRAINT reservations_night_prices CHECK ((cardinality(night_prices) = (upper(stay) - lower(stay)))),
    CONSTRAINT reservations_refund_check CHECK ((refund >= (0)::numeric)),
    CONSTRAINT reservations_request_expiry CHECK (((status <> 'requested'::text) OR (request_expires_at IS NOT NULL))),
    CONSTRAINT reservations_status_check CHECK ((status = ANY (ARRAY['requested'::text, 'confirmed'::text, 'declined'::text, 'expired'::text, 'cancelled'::text]))),
    CONSTRAINT reservations_stay_check CHECK (((NOT isempty(stay)) AND lower_inc(stay) AND (NOT upper_inc(stay)) AND (NOT lower_inf(stay)) AND (NOT upper_inf(stay)))),
    CONSTRAINT reservations_total_price_check CHECK ((total_price >= (0)::numeric))
);

-- TABLE: conversations
CREATE TABLE public.conversations (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    user_low uuid NOT NULL,
    user_high uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT conversations_check CHECK ((user_low < user_high))
);

-- TABLE: couch_price_ranges
CREATE TABLE public.couch_price_ranges (
    couch_id uuid NOT NULL,
    nights daterange NOT NULL,
    nightly numeric(12,2) NOT NULL,
    CONSTRAINT couch_price_ranges_nightly_check CHECK ((nightly >= (0)::numeric)),
    CONSTRAINT couch_price_ranges_nights_check CHECK (((NOT isempty(nights)) AND lower_inc(nights) AND (NOT upper_inc(nights)) AND (NOT lower_inf(nights)) AND (NOT upper_inf(nights))))
);

-- VIEW: guest_stays
CREATE VIEW public.guest_stays AS
 SELECT r.id AS stay_id,
    o.couch_id,
    o.stay,
    'booking'::text AS source,
    r.guest_id
   FROM (public.occupancies o
     JOIN public.reservations r ON ((r.id = o.reservation_id)))
  WHERE (r.status = 'confirmed'::text)
UNION ALL
 SELECT e.id AS stay_id,
    e.couch_id,
    e.stay,
    'import'::text AS source,
    NULL::uuid AS guest_id
   FROM public.channel_events e
  WHERE ((e.kind = 'stay'::text) AND public.channel_event_placed(e.*));

-- TABLE: messages
CREATE TABLE public.messages (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    conversation_id uuid NOT NULL,
    sender_id uuid NOT NULL,
    body text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT messages_body_check CHECK (((length(body) >= 1) AND (length(body) <= 4000)))
);

-- TABLE: stay_presence
CREATE TABLE public.stay_presence (
    stay_id uuid NOT NULL,
    couch_id uuid NOT NULL,
    checked_in_at timestamp with time zone,
    checked_in_via text,
    checked_out_at timestamp with time zone,
    checked_out_via text,
    CONSTRAINT stay_presence_check CHECK (((checked_in_at IS NULL) = (checked_in_via IS NULL))),
    CONSTRAINT stay_presence_check1 CHECK (((checked_out_at IS NULL) = (checked_out_via IS NULL))),
    CONSTRAINT stay_presence_checked_in_via_check CHECK ((checked_in_via = ANY (ARRAY['code'::text, 'app'::text]))),
    CONSTRAINT stay_presence_checked_out_via_check CHECK ((checked_out_via = ANY (ARRAY['guest'::text, 'host'::text, 'link'::text])))
);

-- CONSTRAINT: conversations conversations_couch_id_user_low_user_high_key
ALTER TABLE ONLY public.conversations
    ADD CONSTRAINT conversations_couch_id_user_low_user_high_key UNIQUE (couch_id, user_low, user_high);

-- CONSTRAINT: conversations conversations_pkey
ALTER TABLE ONLY public.conversations
    ADD CONSTRAINT conversations_pkey PRIMARY KEY (id);

-- CONSTRAINT: couch_price_ranges couch_price_ranges_no_overlap
ALTER TABLE ONLY public.couch_price_ranges
    ADD CONSTRAINT couch_price_ranges_no_overlap EXCLUDE USING gist (couch_id WITH =, nights WITH &&);

-- CONSTRAINT: messages messages_pkey
ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_pkey PRIMARY KEY (id);

-- CONSTRAINT: occupancies occupancies_no_overlap
ALTER TABLE ONLY public.occupancies
    ADD CONSTRAINT occupancies_no_overlap EXCLUDE USING gist (couch_id WITH =, stay WITH &&);

-- CONSTRAINT: occupancies occupancies_pkey
ALTER TABLE ONLY public.occupancies
    ADD CONSTRAINT occupancies_pkey PRIMARY KEY (id);

-- CONSTRAINT: occupancies occupancies_reservation_id_key
ALTER TABLE ONLY public.occupancies
    ADD CONSTRAINT occupancies_reservation_id_key UNIQUE (reservation_id);

-- CONSTRAINT: reservations reservations_id_couch_id_guest_id_key
ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_id_couch_id_guest_id_key UNIQUE (id, couch_id, guest_id);

-- CONSTRAINT: reservations reservations_pkey
ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_pkey PRIMARY KEY (id);

-- CONSTRAINT: stay_presence stay_presence_pkey
ALTER TABLE ONLY public.stay_presence
    ADD CONSTRAINT stay_presence_pkey PRIMARY KEY (stay_id);

-- INDEX: conversations_user_high
CREATE INDEX conversations_user_high ON public.conversations USING btree (user_high);

-- INDEX: conversations_user_low
CREATE INDEX conversations_user_low ON public.conversations USING btree (user_low);

-- INDEX: messages_conversation
CREATE INDEX messages_conversation ON public.messages USING btree (conversation_id, created_at DESC, id DESC);

-- INDEX: occupancies_channel_event
CREATE INDEX occupancies_channel_event ON public.occupancies USING btree (feed_id, feed_uid) WHERE (feed_id IS NOT NULL);

-- INDEX: occupancies_one_turnover
CREATE UNIQUE INDEX occupancies_one_turnover ON public.occupancies USING btree (after_id) WHERE (after_id IS NOT NULL);

-- INDEX: reservations_couch
CREATE INDEX reservations_couch ON public.reservations USING btree (couch_id, lower(stay));

-- INDEX: reservations_guest
CREATE INDEX reservations_guest ON public.reservations USING btree (guest_id, lower(stay));

-- INDEX: reservations_requested
CREATE INDEX reservations_requested ON public.reservations USING btree (request_expires_at) WHERE (status = 'requested'::text);

-- INDEX: stay_presence_couch
CREATE INDEX stay_presence_couch ON public.stay_presence USING btree (couch_id, checked_in_at);

-- FK CONSTRAINT: conversations conversations_couch_id_fkey
ALTER TABLE ONLY public.conversations
    ADD CONSTRAINT conversations_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: conversations conversations_user_high_fkey
ALTER TABLE ONLY public.conversations
    ADD CONSTRAINT conversations_user_high_fkey FOREIGN KEY (user_high) REFERENCES public.users(id) ON DELETE RESTRICT;

-- FK CONSTRAINT: conversations conversations_user_low_fkey
ALTER TABLE ONLY public.conversations
    ADD CONSTRAINT conversations_user_low_fkey FOREIGN KEY (user_low) REFERENCES public.users(id) ON DELETE RESTRICT;

-- FK CONSTRAINT: couch_price_ranges couch_price_ranges_couch_id_fkey
ALTER TABLE ONLY public.couch_price_ranges
    ADD CONSTRAINT couch_price_ranges_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: messages messages_conversation_id_fkey
ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_conversation_id_fkey FOREIGN KEY (conversation_id) REFERENCES public.conversations(id) ON DELETE CASCADE;

-- FK CONSTRAINT: messages messages_sender_id_fkey
ALTER TABLE ONLY public.messages
    ADD CONSTRAINT messages_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES public.users(id) ON DELETE RESTRICT;

-- FK CONSTRAINT: occupancies occupancies_after_id_fkey
ALTER TABLE ONLY public.occupancies
    ADD CONSTRAINT occupancies_after_id_fkey FOREIGN KEY (after_id) REFERENCES public.occupancies(id) ON DELETE CASCADE;

-- FK CONSTRAINT: occupancies occupancies_channel_event
ALTER TABLE ONLY public.occupancies
    ADD CONSTRAINT occupancies_channel_event FOREIGN KEY (feed_id, feed_uid) REFERENCES public.channel_events(feed_id, uid) ON DELETE CASCADE;

-- FK CONSTRAINT: occupancies occupancies_couch_id_fkey
ALTER TABLE ONLY public.occupancies
    ADD CONSTRAINT occupancies_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: occupancies occupancies_created_by_fkey
ALTER TABLE ONLY public.occupancies
    ADD CONSTRAINT occupancies_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

-- FK CONSTRAINT: occupancies occupancies_reservation_id_fkey
ALTER TABLE ONLY public.occupancies
    ADD CONSTRAINT occupancies_reservation_id_fkey FOREIGN KEY (reservation_id) REFERENCES public.reservations(id) ON DELETE CASCADE;

-- FK CONSTRAINT: reservations reservations_cancelled_by_fkey
ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_cancelled_by_fkey FOREIGN KEY (cancelled_by) REFERENCES public.users(id) ON DELETE SET NULL;

-- FK CONSTRAINT: reservations reservations_couch_id_fkey
ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: reservations reservations_guest_id_fkey
ALTER TABLE ONLY public.reservations
    ADD CONSTRAINT reservations_guest_id_fkey FOREIGN KEY (guest_id) REFERENCES public.users(id) ON DELETE RESTRICT;

-- FK CONSTRAINT: stay_presence stay_presence_couch_id_fkey
ALTER TABLE ONLY public.stay_presence
    ADD CONSTRAINT stay_presence_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FUNCTION: couch_guests_at(uuid, timestamp with time zone)
CREATE FUNCTION public.couch_guests_at(target_couch uuid, at timestamp with time zone) RETURNS uuid[]
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
    RETURN (SELECT coalesce(array_agg(DISTINCT r.guest_id), '{}')
            FROM reservations r JOIN couches c ON c.id = r.couch_id
            WHERE r.couch_id = target_couch AND r.status = 'confirmed'
              AND r.stay && daterange((at AT TIME ZONE c.time_zone)::date - 1, (at AT TIME ZONE c.time_zone)::date + 2)
              AND stay_window(r.stay, c.check_in_time, c.check_out_time, c.time_zone) @> at
              AND NOT EXISTS (SELECT 1 FROM stay_presence p WHERE p.stay_id = r.id AND p.checked_out_at <= at));
END
$$;

-- FUNCTION: couch_rules_take(public.couches, date, integer, timestamp with time zone)
CREATE FUNCTION public.couch_rules_take(c public.couches, check_in date, nights integer, booked_at timestamp with time zone) RETURNS boolean
    LANGUAGE plpgsql STABLE
    AS $$
DECLARE
    weekday integer := extract(isodow FROM check_in);
    today date := (booked_at AT TIME ZONE c.time_zone)::date;
BEGIN
    RETURN c.max_nights >= nights
        AND (CASE WHEN c.weekday_min_days @> ARRAY[weekday] THEN c.weekday_min_nights ELSE c.min_nights END) <= nights
        AND c.check_in_weekdays @> ARRAY[weekday]
        AND check_in >= today
        AND (c.booking_window_days IS NULL OR check_in <= today + c.booking_window_days)
        AND (c.advance_notice_hours = 0
             OR (check_in + c.check_in_time) AT TIME ZONE c.time_zone >= booked_at + c.advance_notice_hours * interval '1 hour');
END
$$;

-- FUNCTION: message_events()
CREATE FUNCTION public.message_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM emit_event('message.created', c.couch_id, ARRAY[c.user_low, c.user_high],
                       jsonb_build_object('conversationId', c.id, 'messageId', NEW.id, 'senderId', NEW.sender_id, 'body', NEW.body),
                       NEW.created_at)
    FROM conversations c WHERE c.id = NEW.conversation_id;
    RETURN NULL;
END
$$;

-- FUNCTION: occupancies_freed()
CREATE FUNCTION public.occupancies_freed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
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

-- FUNCTION: occupancy_turnover()
CREATE FUNCTION public.occupancy_turnover() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM place_turnover(NEW, NEW.source = 'booking');
    RETURN NULL;
END
$$;

-- FUNCTION: place_turnover(public.occupancies, boolean)
CREATE FUNCTION public.place_turnover(parent public.occupancies, strict boolean) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
    days integer;
    free_until date;
BEGIN
    IF parent.source = 'turnover' THEN RETURN; END IF;
    IF parent.source = 'import' AND upper(parent.stay) <> (
        SELECT upper(e.stay) FROM channel_events e WHERE e.feed_id = parent.feed_id AND e.uid = parent.feed_uid) THEN
        RETURN;
    END IF;
    SELECT turnover_days INTO days FROM couches WHERE id = parent.couch_id;
    IF coalesce(days, 0) = 0 THEN RETURN; END IF;
    IF strict THEN
        free_until := upper(parent.stay) + days;
    ELSE
        SELECT coalesce(min(greatest(lower(o.stay), upper(parent.stay))), upper(parent.stay) + days) INTO free_until
        FROM occupancies o
        WHERE o.couch_id = parent.couch_id AND o.stay && daterange(upper(parent.stay), upper(parent.stay) + days);
    END IF;
    IF strict THEN
        INSERT INTO occupancies (couch_id, stay, source, after_id, created_at)
        VALUES (parent.couch_id, daterange(upper(parent.stay), free_until), 'turnover', parent.id, parent.created_at);
    ELSIF free_until > upper(parent.stay) THEN
        -- Nights a concurrent transaction takes first are theirs.
        INSERT INTO occupancies (couch_id, stay, source, after_id, created_at)
        VALUES (parent.couch_id, daterange(upper(parent.stay), free_until), 'turnover', parent.id, parent.created_at)
        ON CONFLICT DO NOTHING;
    END IF;
END
$$;

-- FUNCTION: replace_turnover(uuid, date)
CREATE FUNCTION public.replace_turnover(target_couch uuid, from_day date) RETURNS void
    LANGUAGE plpgsql
    AS $$
DECLARE
    parent occupancies;
BEGIN
    DELETE FROM occupancies WHERE couch_id = target_couch AND source = 'turnover' AND upper(stay) > from_day;
    FOR parent IN SELECT * FROM occupancies
                  WHERE couch_id = target_couch AND source <> 'turnover' AND upper(stay) >= from_day
                  ORDER BY lower(stay) LOOP
        PERFORM place_turnover(parent, false);
    END LOOP;
END
$$;

-- FUNCTION: reservation_events()
CREATE FUNCTION public.reservation_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM emit_event('reservation.created', NEW.couch_id, ARRAY[NEW.guest_id], reservation_payload(NEW), NEW.created_at);
    ELSIF NEW.status = 'cancelled' AND OLD.status <> 'cancelled' THEN
        PERFORM emit_event('reservation.cancelled', NEW.couch_id, ARRAY[NEW.guest_id],
                           reservation_payload(NEW) || jsonb_build_object('cancelledBy', NEW.cancelled_by), NEW.cancelled_at);
    ELSIF NEW.status <> OLD.status OR NEW.stay <> OLD.stay THEN
        PERFORM emit_event('reservation.changed', NEW.couch_id, ARRAY[NEW.guest_id],
                           reservation_payload(NEW) || jsonb_build_object('previousStatus', OLD.status,
                               'previousCheckOut', CASE WHEN NEW.stay <> OLD.stay THEN upper(OLD.stay) END), NULL);
    END IF;
    RETURN NULL;
END
$$;

-- FUNCTION: reservation_occupancy()
CREATE FUNCTION public.reservation_occupancy() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    held boolean := NEW.status IN ('requested', 'confirmed');
BEGIN
    IF TG_OP = 'INSERT' THEN
        IF held THEN
            INSERT INTO occupancies (couch_id, stay, source, reservation_id, created_at)
            VALUES (NEW.couch_id, NEW.stay, 'booking', NEW.id, NEW.created_at);
        END IF;
    ELSIF OLD.status IN ('requested', 'confirmed') AND NOT held THEN
        DELETE FROM occupancies WHERE reservation_id = NEW.id;
    ELSIF held AND NEW.stay <> OLD.stay THEN
        -- Shortened: the nights let go and the turnover after the old end are free again, and
        -- the turnover follows the new end.
        DELETE FROM occupancies WHERE after_id = (SELECT id FROM occupancies WHERE reservation_id = NEW.id);
        UPDATE occupancies SET stay = NEW.stay WHERE reservation_id = NEW.id;
        PERFORM place_turnover(o, false) FROM occupancies o WHERE o.reservation_id = NEW.id;
        PERFORM place_channel_nights(NEW.couch_id, now());
    END IF;
    RETURN NULL;
END
$$;

-- FUNCTION: reservation_payload(public.reservations)
CREATE FUNCTION public.reservation_payload(r public.reservations) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
    SELECT jsonb_build_object('reservationId', r.id, 'status', r.status, 'checkIn', lower(r.stay), 'checkOut', upper(r.stay),
                              'guests', r.guests)
$$;

-- FUNCTION: stay_guest(uuid)
CREATE FUNCTION public.stay_guest(target_stay uuid) RETURNS uuid
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
    RETURN (SELECT guest_id FROM reservations WHERE id = target_stay);
END
$$;

-- FUNCTION: stay_presence_events()
CREATE FUNCTION public.stay_presence_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF NEW.checked_in_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.checked_in_at IS NULL) THEN
        PERFORM emit_event('stay.checked_in', NEW.couch_id, ARRAY[stay_guest(NEW.stay_id)],
                           jsonb_build_object('stayId', NEW.stay_id, 'via', NEW.checked_in_via), NEW.checked_in_at);
    END IF;
    IF NEW.checked_out_at IS NOT NULL AND (TG_OP = 'INSERT' OR OLD.checked_out_at IS NULL) THEN
        PERFORM emit_event('stay.checked_out', NEW.couch_id, ARRAY[stay_guest(NEW.stay_id)],
                           jsonb_build_object('stayId', NEW.stay_id, 'via', NEW.checked_out_via), NEW.checked_out_at);
    END IF;
    RETURN NULL;
END
$$;

-- FUNCTION: stay_window(daterange, time without time zone, time without time zone, text)
CREATE FUNCTION public.stay_window(stay daterange, check_in_time time without time zone, check_out_time time without time zone, time_zone text) RETURNS tstzrange
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    RETURN tstzrange(((lower(stay) + check_in_time) AT TIME ZONE time_zone), ((upper(stay) + check_out_time) AT TIME ZONE time_zone), '[)'::text);

-- TRIGGER: messages messages_events
CREATE TRIGGER messages_events AFTER INSERT ON public.messages FOR EACH ROW EXECUTE FUNCTION public.message_events();

-- TRIGGER: occupancies occupancies_freed
CREATE TRIGGER occupancies_freed AFTER DELETE ON public.occupancies REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION public.occupancies_freed();

-- TRIGGER: occupancies occupancies_turnover
CREATE TRIGGER occupancies_turnover AFTER INSERT ON public.occupancies FOR EACH ROW WHEN ((new.source <> 'turnover'::text)) EXECUTE FUNCTION public.occupancy_turnover();

-- TRIGGER: occupancies occupancies_turnover_revision
CREATE TRIGGER occupancies_turnover_revision AFTER INSERT OR UPDATE OF stay ON public.occupancies FOR EACH ROW WHEN ((new.source = 'turnover'::text)) EXECUTE FUNCTION public.turnover_revision();

-- TRIGGER: reservations reservations_events
CREATE TRIGGER reservations_events AFTER INSERT OR UPDATE OF status, stay ON public.reservations FOR EACH ROW EXECUTE FUNCTION public.reservation_events();

-- TRIGGER: reservations reservations_occupy
CREATE TRIGGER reservations_occupy AFTER INSERT OR UPDATE OF status, stay ON public.reservations FOR EACH ROW EXECUTE FUNCTION public.reservation_occupancy();

-- TRIGGER: reservations reservations_revision
CREATE TRIGGER reservations_revision AFTER UPDATE OF stay ON public.reservations FOR EACH ROW WHEN ((new.stay <> old.stay)) EXECUTE FUNCTION public.reservation_revision();

-- TRIGGER: stay_presence stay_presence_events
CREATE TRIGGER stay_presence_events AFTER INSERT OR UPDATE ON public.stay_presence FOR EACH ROW EXECUTE FUNCTION public.stay_presence_events();

-- ================================================================================================
-- Channels
-- ================================================================================================

-- TABLE: channel_events
CREATE TABLE public.channel_events (
    feed_id uuid NOT NULL,
    uid text NOT NULL,
    couch_id uuid NOT NULL,
    stay daterange NOT NULL,
    kind text NOT NULL,
    summary text,
    reservation_url text,
    phone_last4 text,
    guests integer,
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT channel_events_guests_check CHECK (((guests >= 1) AND (guests <= 50))),
    CONSTRAINT channel_events_kind_check CHECK ((kind = ANY (ARRAY['stay'::text, 'block'::text]))),
    CONSTRAINT channel_events_phone_last4_check CHECK ((phone_last4 ~ '^[0-9]{4}$'::text)),
    CONSTRAINT channel_events_reservation_url_check CHECK ((length(reservation_url) <= 500)),
    CONSTRAINT channel_events_stay_check CHECK (((NOT isempty(stay)) AND lower_inc(stay) AND (NOT upper_inc(stay)) AND (NOT lower_inf(stay)) AND (NOT upper_inf(stay)))),
    CONSTRAINT channel_events_summary_check CHECK ((length(summary) <= 200)),
    CONSTRAINT channel_events_uid_check CHECK (((length(uid) >= 1) AND (length(uid) <= 500)))
);

-- TABLE: calendar_feeds
CREATE TABLE public.calendar_feeds (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    name text NOT NULL,
    url_sealed bytea NOT NULL,
    url_masked text NOT NULL,
    etag text,
    last_modified text,
    last_fetch_at timestamp with time zone,
    last_success_at timestamp with time zone,
    last_error text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    url_digest bytea,
    failures integer DEFAULT 0 NOT NULL,
    retry_at timestamp with time zone,
    CONSTRAINT calendar_feeds_etag_check CHECK ((length(etag) <= 500)),
    CONSTRAINT calendar_feeds_failures_check CHECK ((failures >= 0)),
    CONSTRAINT calendar_feeds_last_error_check CHECK ((length(last_error) <= 500)),
    CONSTRAINT calendar_feeds_last_modified_check CHECK ((length(last_modified) <= 100)),
    CONSTRAINT calendar_feeds_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100))),
    CONSTRAINT calendar_feeds_url_masked_check CHECK ((length(url_masked) <= 2100))
);

-- TABLE: calendar_revisions
CREATE TABLE public.calendar_revisions (
    occupant uuid NOT NULL,
    turnover boolean NOT NULL,
    couch_id uuid NOT NULL,
    shown text NOT NULL,
    sequence integer NOT NULL,
    revised_at timestamp with time zone NOT NULL,
    CONSTRAINT calendar_revisions_sequence_check CHECK ((sequence >= 0))
);

-- CONSTRAINT: calendar_feeds calendar_feeds_pkey
ALTER TABLE ONLY public.calendar_feeds
    ADD CONSTRAINT calendar_feeds_pkey PRIMARY KEY (id);

-- CONSTRAINT: calendar_revisions calendar_revisions_pkey
ALTER TABLE ONLY public.calendar_revisions
    ADD CONSTRAINT calendar_revisions_pkey PRIMARY KEY (occupant, turnover);

-- CONSTRAINT: channel_events channel_events_id_key
ALTER TABLE ONLY public.channel_events
    ADD CONSTRAINT channel_events_id_key UNIQUE (id);

-- CONSTRAINT: channel_events channel_events_pkey
ALTER TABLE ONLY public.channel_events
    ADD CONSTRAINT channel_events_pkey PRIMARY KEY (feed_id, uid);

-- INDEX: calendar_feeds_couch
CREATE INDEX calendar_feeds_couch ON public.calendar_feeds USING btree (couch_id, created_at);

-- INDEX: calendar_feeds_one_per_url
CREATE UNIQUE INDEX calendar_feeds_one_per_url ON public.calendar_feeds USING btree (couch_id, url_digest);

-- INDEX: calendar_revisions_couch
CREATE INDEX calendar_revisions_couch ON public.calendar_revisions USING btree (couch_id);

-- INDEX: channel_events_couch
CREATE INDEX channel_events_couch ON public.channel_events USING btree (couch_id, lower(stay));

-- FK CONSTRAINT: calendar_feeds calendar_feeds_couch_id_fkey
ALTER TABLE ONLY public.calendar_feeds
    ADD CONSTRAINT calendar_feeds_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: calendar_revisions calendar_revisions_couch_id_fkey
ALTER TABLE ONLY public.calendar_revisions
    ADD CONSTRAINT calendar_revisions_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: channel_events channel_events_couch_id_fkey
ALTER TABLE ONLY public.channel_events
    ADD CONSTRAINT channel_events_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: channel_events channel_events_feed_id_fkey
ALTER TABLE ONLY public.channel_events
    ADD CONSTRAINT channel_events_feed_id_fkey FOREIGN KEY (feed_id) REFERENCES public.calendar_feeds(id) ON DELETE CASCADE;

-- FUNCTION: calendar_feed_events()
CREATE FUNCTION public.calendar_feed_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM emit_event('calendar.sync_failed', NEW.couch_id, '{}',
                       jsonb_build_object('feedId', NEW.id, 'name', NEW.name, 'error', NEW.last_error), NEW.last_fetch_at);
    RETURN NULL;
END
$$;

-- FUNCTION: channel_event_gaps(uuid, uuid, text, daterange)
CREATE FUNCTION public.channel_event_gaps(event_couch uuid, event_feed uuid, event_uid text, event_stay daterange) RETURNS TABLE(missing datemultirange)
    LANGUAGE sql STABLE
    AS $$
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

-- FUNCTION: channel_event_held(uuid, text)
CREATE FUNCTION public.channel_event_held(event_feed uuid, event_uid text) RETURNS datemultirange
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
    RETURN coalesce((SELECT range_agg(o.stay) FROM occupancies o WHERE o.feed_id = event_feed AND o.feed_uid = event_uid),
                    '{}'::datemultirange);
END
$$;

-- FUNCTION: channel_event_missing(uuid, uuid, text, daterange)
CREATE FUNCTION public.channel_event_missing(event_couch uuid, event_feed uuid, event_uid text, event_stay daterange) RETURNS datemultirange
    LANGUAGE plpgsql STABLE
    AS $$
BEGIN
    RETURN (SELECT g.missing FROM channel_event_gaps(event_couch, event_feed, event_uid, event_stay) g);
END
$$;


SET default_tablespace = '';

SET default_table_access_method = heap;

-- FUNCTION: channel_event_placed(public.channel_events)
CREATE FUNCTION public.channel_event_placed(imported public.channel_events) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
    SELECT isempty(channel_event_missing(imported.couch_id, imported.feed_id, imported.uid, imported.stay))
$$;

-- FUNCTION: channel_event_revision()
CREATE FUNCTION public.channel_event_revision() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM revise_calendar_event(NEW.couch_id, NEW.id, false, NEW.stay::text || ' ' || NEW.kind, 1, NEW.created_at);
    RETURN NULL;
END
$$;

-- FUNCTION: emit_calendar_conflicts(uuid, text[], timestamp with time zone)
CREATE FUNCTION public.emit_calendar_conflicts(feed uuid, uids text[], at timestamp with time zone) RETURNS void
    LANGUAGE sql
    AS $$
    SELECT emit_event('calendar.conflict', e.couch_id, '{}',
                      jsonb_build_object('feedId', e.feed_id, 'uid', e.uid, 'kind', e.kind, 'checkIn', lower(e.stay),
                                         'checkOut', upper(e.stay)), at)
    FROM channel_events e
    WHERE e.feed_id = feed AND e.uid = ANY(uids)
      AND NOT isempty(channel_event_missing(e.couch_id, e.feed_id, e.uid, e.stay))
$$;

-- FUNCTION: keep_channel_nights(uuid, text[])
CREATE FUNCTION public.keep_channel_nights(edited_feed uuid, edited_uids text[]) RETURNS void
    LANGUAGE plpgsql
    AS $$
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

-- FUNCTION: place_channel_nights(uuid, timestamp with time zone)
CREATE FUNCTION public.place_channel_nights(target_couch uuid, placed_at timestamp with time zone) RETURNS integer
    LANGUAGE plpgsql
    AS $$
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

-- FUNCTION: reservation_revision()
CREATE FUNCTION public.reservation_revision() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM revise_calendar_event(NEW.couch_id, NEW.id, false, NEW.stay::text, 1, NEW.created_at);
    RETURN NULL;
END
$$;

-- FUNCTION: revise_calendar_event(uuid, uuid, boolean, text, integer, timestamp with time zone)
CREATE FUNCTION public.revise_calendar_event(event_couch uuid, event_occupant uuid, is_turnover boolean, now_shown text, first_sequence integer, made_at timestamp with time zone) RETURNS void
    LANGUAGE sql
    AS $$
    INSERT INTO calendar_revisions AS r (occupant, turnover, couch_id, shown, sequence, revised_at)
    VALUES (event_occupant, is_turnover, event_couch, now_shown, first_sequence,
            greatest(now(), date_trunc('second', made_at) + interval '1 second'))
    ON CONFLICT (occupant, turnover) DO UPDATE
        SET shown = excluded.shown, sequence = r.sequence + 1,
            revised_at = greatest(now(), date_trunc('second', r.revised_at) + interval '1 second')
        WHERE r.shown <> excluded.shown
$$;

-- FUNCTION: turnover_revision()
CREATE FUNCTION public.turnover_revision() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM revise_calendar_event(NEW.couch_id, coalesce(p.reservation_id, e.id, p.id), true, NEW.stay::text, 0, NULL)
    FROM occupancies p LEFT JOIN channel_events e ON e.feed_id = p.feed_id AND e.uid = p.feed_uid
    WHERE p.id = NEW.after_id;
    RETURN NULL;
END
$$;

-- TRIGGER: calendar_feeds calendar_feeds_events
CREATE TRIGGER calendar_feeds_events AFTER UPDATE OF last_error ON public.calendar_feeds FOR EACH ROW WHEN (((new.last_error IS NOT NULL) AND (new.last_error IS DISTINCT FROM old.last_error))) EXECUTE FUNCTION public.calendar_feed_events();

-- TRIGGER: channel_events channel_events_revision
CREATE TRIGGER channel_events_revision AFTER UPDATE OF stay, kind ON public.channel_events FOR EACH ROW WHEN (((new.stay <> old.stay) OR (new.kind <> old.kind))) EXECUTE FUNCTION public.channel_event_revision();

-- ================================================================================================
-- Home
-- ================================================================================================

-- TABLE: access_grants
CREATE TABLE public.access_grants (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    user_id uuid NOT NULL,
    starts_at timestamp with time zone NOT NULL,
    ends_at timestamp with time zone NOT NULL,
    created_by uuid NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    revoked_at timestamp with time zone,
    CONSTRAINT access_grants_check CHECK ((ends_at > starts_at))
);

-- TABLE: access_log
CREATE TABLE public.access_log (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    device_id uuid,
    item_name text,
    actor_id uuid,
    actor_label text,
    action text NOT NULL,
    value text,
    outcome text NOT NULL,
    detail text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    stay_id uuid,
    CONSTRAINT access_log_check CHECK (((actor_id IS NOT NULL) OR (actor_label IS NOT NULL))),
    CONSTRAINT access_log_outcome_check CHECK ((outcome = ANY (ARRAY['ok'::text, 'denied'::text, 'failed'::text, 'unconfirmed'::text])))
);

-- TABLE: device_items
CREATE TABLE public.device_items (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    device_id uuid NOT NULL,
    "position" integer NOT NULL,
    item_name text NOT NULL,
    channel_uid text NOT NULL,
    item_type text NOT NULL,
    label text NOT NULL,
    is_main boolean DEFAULT false NOT NULL,
    last_state text,
    last_state_at timestamp with time zone,
    CONSTRAINT device_items_item_name_check CHECK ((item_name ~ '^[A-Za-z_][A-Za-z0-9_]*$'::text)),
    CONSTRAINT device_items_last_state_check CHECK ((length(last_state) <= 2000)),
    CONSTRAINT device_items_position_check CHECK (("position" >= 0))
);

-- TABLE: devices
CREATE TABLE public.devices (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    thing_uid text,
    guest_controllable boolean NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    hub_key text,
    code_slot_first integer,
    code_slot_last integer,
    room text,
    CONSTRAINT devices_code_slots CHECK ((((code_slot_first IS NULL) = (code_slot_last IS NULL)) AND ((code_slot_first IS NULL) OR ((type = 'lock'::text) AND (thing_uid IS NOT NULL) AND ((code_slot_first >= 1) AND (code_slot_first <= 250)) AND ((code_slot_last >= code_slot_first) AND (code_slot_last <= 250)))))),
    CONSTRAINT devices_name_check CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 100))),
    CONSTRAINT devices_room CHECK (((room = btrim(room)) AND ((length(room) >= 1) AND (length(room) <= 60)) AND (room !~ '[\u0001-\u001f\u007f-\u009f]'::text))),
    CONSTRAINT devices_thing_has_hub CHECK (((thing_uid IS NULL) = (hub_key IS NULL))),
    CONSTRAINT devices_type_check CHECK ((type = ANY (ARRAY['heating'::text, 'cooling'::text, 'weatherWatcher'::text, 'lock'::text, 'light'::text, 'blinds'::text, 'sensor'::text])))
);

-- TABLE: hub_cleanups
CREATE TABLE public.hub_cleanups (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    device_id uuid NOT NULL,
    item_name text NOT NULL,
    channel_uid text,
    due_at timestamp with time zone NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    last_error text,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT hub_cleanups_attempts_check CHECK ((attempts >= 0)),
    CONSTRAINT hub_cleanups_channel_uid_check CHECK (((length(channel_uid) >= 1) AND (length(channel_uid) <= 400))),
    CONSTRAINT hub_cleanups_item_name_check CHECK (((length(item_name) >= 1) AND (length(item_name) <= 200))),
    CONSTRAINT hub_cleanups_last_error_check CHECK ((length(last_error) <= 500))
);

-- TABLE: hub_things
CREATE TABLE public.hub_things (
    hub_key text NOT NULL,
    thing_uid text NOT NULL,
    couch_id uuid NOT NULL,
    assigned_by uuid,
    assigned_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT hub_things_hub_key_check CHECK (((length(hub_key) >= 1) AND (length(hub_key) <= 2100))),
    CONSTRAINT hub_things_thing_uid_check CHECK (((length(thing_uid) >= 1) AND (length(thing_uid) <= 200)))
);

-- TABLE: hubs
CREATE TABLE public.hubs (
    couch_id uuid NOT NULL,
    base_url text NOT NULL,
    token_ciphertext bytea NOT NULL,
    checked_at timestamp with time zone NOT NULL,
    reachable boolean NOT NULL,
    version text,
    last_error text,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    events_error text,
    events_error_at timestamp with time zone,
    CONSTRAINT hubs_base_url_check CHECK ((base_url ~ '^https?://'::text)),
    CONSTRAINT hubs_events_error_check CHECK ((length(events_error) <= 500))
);

-- CONSTRAINT: access_grants access_grants_pkey
ALTER TABLE ONLY public.access_grants
    ADD CONSTRAINT access_grants_pkey PRIMARY KEY (id);

-- CONSTRAINT: access_log access_log_pkey
ALTER TABLE ONLY public.access_log
    ADD CONSTRAINT access_log_pkey PRIMARY KEY (id);

-- CONSTRAINT: device_items device_items_device_id_position_key
ALTER TABLE ONLY public.device_items
    ADD CONSTRAINT device_items_device_id_position_key UNIQUE (device_id, "position");

-- CONSTRAINT: device_items device_items_id_device
ALTER TABLE ONLY public.device_items
    ADD CONSTRAINT device_items_id_device UNIQUE (id, device_id);

-- CONSTRAINT: device_items device_items_item_name_key
ALTER TABLE ONLY public.device_items
    ADD CONSTRAINT device_items_item_name_key UNIQUE (item_name);

-- CONSTRAINT: device_items device_items_pkey
ALTER TABLE ONLY public.device_items
    ADD CONSTRAINT device_items_pkey PRIMARY KEY (id);

-- CONSTRAINT: devices devices_id_couch
ALTER TABLE ONLY public.devices
    ADD CONSTRAINT devices_id_couch UNIQUE (id, couch_id);

-- CONSTRAINT: devices devices_id_couch_type
ALTER TABLE ONLY public.devices
    ADD CONSTRAINT devices_id_couch_type UNIQUE (id, couch_id, type);

-- CONSTRAINT: devices devices_pkey
ALTER TABLE ONLY public.devices
    ADD CONSTRAINT devices_pkey PRIMARY KEY (id);

-- CONSTRAINT: hub_cleanups hub_cleanups_device_id_item_name_key
ALTER TABLE ONLY public.hub_cleanups
    ADD CONSTRAINT hub_cleanups_device_id_item_name_key UNIQUE (device_id, item_name);

-- CONSTRAINT: hub_cleanups hub_cleanups_pkey
ALTER TABLE ONLY public.hub_cleanups
    ADD CONSTRAINT hub_cleanups_pkey PRIMARY KEY (id);

-- CONSTRAINT: hub_things hub_things_hub_key_thing_uid_couch_id_key
ALTER TABLE ONLY public.hub_things
    ADD CONSTRAINT hub_things_hub_key_thing_uid_couch_id_key UNIQUE (hub_key, thing_uid, couch_id);

-- CONSTRAINT: hub_things hub_things_pkey
ALTER TABLE ONLY public.hub_things
    ADD CONSTRAINT hub_things_pkey PRIMARY KEY (hub_key, thing_uid);

-- CONSTRAINT: hubs hubs_pkey
ALTER TABLE ONLY public.hubs
    ADD CONSTRAINT hubs_pkey PRIMARY KEY (couch_id);

-- INDEX: access_grants_couch
CREATE INDEX access_grants_couch ON public.access_grants USING btree (couch_id, starts_at);

-- INDEX: access_grants_user
CREATE INDEX access_grants_user ON public.access_grants USING btree (user_id, couch_id);

-- INDEX: access_log_actor
CREATE INDEX access_log_actor ON public.access_log USING btree (couch_id, actor_id, created_at DESC, id DESC);

-- INDEX: access_log_couch
CREATE INDEX access_log_couch ON public.access_log USING btree (couch_id, created_at DESC, id DESC);

-- INDEX: device_items_one_main
CREATE UNIQUE INDEX device_items_one_main ON public.device_items USING btree (device_id) WHERE is_main;

-- INDEX: devices_couch
CREATE INDEX devices_couch ON public.devices USING btree (couch_id, created_at);

-- INDEX: hub_cleanups_couch
CREATE INDEX hub_cleanups_couch ON public.hub_cleanups USING btree (couch_id);

-- INDEX: hub_cleanups_due
CREATE INDEX hub_cleanups_due ON public.hub_cleanups USING btree (due_at);

-- INDEX: hub_things_couch
CREATE INDEX hub_things_couch ON public.hub_things USING btree (couch_id);

-- FK CONSTRAINT: access_grants access_grants_couch_id_fkey
ALTER TABLE ONLY public.access_grants
    ADD CONSTRAINT access_grants_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: access_grants access_grants_created_by_fkey
ALTER TABLE ONLY public.access_grants
    ADD CONSTRAINT access_grants_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE CASCADE;

-- FK CONSTRAINT: access_grants access_grants_user_id_fkey
ALTER TABLE ONLY public.access_grants
    ADD CONSTRAINT access_grants_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

-- FK CONSTRAINT: access_log access_log_actor_id_fkey
ALTER TABLE ONLY public.access_log
    ADD CONSTRAINT access_log_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES public.users(id) ON DELETE SET NULL;

-- FK CONSTRAINT: access_log access_log_couch_id_fkey
ALTER TABLE ONLY public.access_log
    ADD CONSTRAINT access_log_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: access_log access_log_device_id_fkey
ALTER TABLE ONLY public.access_log
    ADD CONSTRAINT access_log_device_id_fkey FOREIGN KEY (device_id) REFERENCES public.devices(id) ON DELETE SET NULL;

-- FK CONSTRAINT: device_items device_items_device_id_fkey
ALTER TABLE ONLY public.device_items
    ADD CONSTRAINT device_items_device_id_fkey FOREIGN KEY (device_id) REFERENCES public.devices(id) ON DELETE CASCADE;

-- FK CONSTRAINT: devices devices_couch_id_fkey
ALTER TABLE ONLY public.devices
    ADD CONSTRAINT devices_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: devices devices_thing_on_one_couch
ALTER TABLE ONLY public.devices
    ADD CONSTRAINT devices_thing_on_one_couch FOREIGN KEY (hub_key, thing_uid, couch_id) REFERENCES public.hub_things(hub_key, thing_uid, couch_id);

-- FK CONSTRAINT: hub_cleanups hub_cleanups_couch_id_fkey
ALTER TABLE ONLY public.hub_cleanups
    ADD CONSTRAINT hub_cleanups_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: hub_things hub_things_assigned_by_fkey
ALTER TABLE ONLY public.hub_things
    ADD CONSTRAINT hub_things_assigned_by_fkey FOREIGN KEY (assigned_by) REFERENCES public.users(id) ON DELETE SET NULL;

-- FK CONSTRAINT: hub_things hub_things_couch_id_fkey
ALTER TABLE ONLY public.hub_things
    ADD CONSTRAINT hub_things_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: hubs hubs_couch_id_fkey
ALTER TABLE ONLY public.hubs
    ADD CONSTRAINT hubs_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FUNCTION: access_log_events()
CREATE FUNCTION public.access_log_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
DECLARE
    device_type text := (SELECT type FROM devices WHERE id = NEW.device_id);
    method text := CASE
        WHEN NEW.action = 'unlock with code' THEN 'code'
        WHEN NEW.action = 'unlock with code outside its window' THEN 'code'
        WHEN NEW.action = 'unlock by hand' THEN 'hand'
        WHEN NEW.action = 'switch' AND device_type = 'lock' AND NEW.value = 'OFF' THEN 'app'
    END;
BEGIN
    IF NEW.outcome = 'ok' AND method IS NOT NULL THEN
        PERFORM emit_event('door.unlocked', NEW.couch_id, couch_guests_at(NEW.couch_id, NEW.created_at) || stay_guest(NEW.stay_id),
                           jsonb_build_object('deviceId', NEW.device_id, 'method', method, 'stayId', NEW.stay_id,
                                              'byUserId', CASE WHEN method = 'app' THEN NEW.actor_id END,
                                              'outsideWindow', CASE WHEN NEW.action = 'unlock with code outside its window' THEN true END),
                           NEW.created_at);
    ELSIF NEW.outcome IN ('failed', 'unconfirmed') AND NEW.action IN ('switch', 'set') THEN
        PERFORM emit_event('device.command_failed', NEW.couch_id, couch_guests_at(NEW.couch_id, NEW.created_at),
                           jsonb_build_object('deviceId', NEW.device_id, 'itemName', NEW.item_name, 'action', NEW.action,
                                              'value', NEW.value, 'outcome', NEW.outcome, 'detail', NEW.detail),
                           NEW.created_at);
    END IF;
    RETURN NULL;
END
$$;

-- FUNCTION: device_state_events()
CREATE FUNCTION public.device_state_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM emit_event('device.state_changed', d.couch_id, couch_guests_at(d.couch_id, NEW.last_state_at),
                       jsonb_build_object('deviceId', d.id, 'deviceType', d.type, 'itemName', NEW.item_name, 'state', NEW.last_state),
                       NEW.last_state_at)
    FROM devices d WHERE d.id = NEW.device_id;
    RETURN NULL;
END
$$;

-- FUNCTION: hub_events()
CREATE FUNCTION public.hub_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM emit_event(CASE WHEN NEW.reachable THEN 'hub.online' ELSE 'hub.offline' END, NEW.couch_id, '{}',
                       jsonb_build_object('detail', NEW.last_error), NEW.checked_at);
    RETURN NULL;
END
$$;

-- TRIGGER: access_log access_log_events
CREATE TRIGGER access_log_events AFTER INSERT ON public.access_log FOR EACH ROW EXECUTE FUNCTION public.access_log_events();

-- TRIGGER: device_items device_items_events
CREATE TRIGGER device_items_events AFTER UPDATE OF last_state ON public.device_items FOR EACH ROW WHEN ((new.last_state IS DISTINCT FROM old.last_state)) EXECUTE FUNCTION public.device_state_events();

-- TRIGGER: hubs hubs_events
CREATE TRIGGER hubs_events AFTER UPDATE OF reachable ON public.hubs FOR EACH ROW WHEN ((new.reachable IS DISTINCT FROM old.reachable)) EXECUTE FUNCTION public.hub_events();

-- ================================================================================================
-- DoorCodes
-- ================================================================================================

-- TABLE: door_codes
CREATE TABLE public.door_codes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    device_id uuid,
    thing_uid text NOT NULL,
    stay_id uuid NOT NULL,
    slot integer,
    code_sealed bytea NOT NULL,
    code_digest bytea NOT NULL,
    valid_from timestamp with time zone NOT NULL,
    valid_until timestamp with time zone NOT NULL,
    state text DEFAULT 'scheduled'::text NOT NULL,
    last_error text,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT door_codes_check CHECK ((valid_until > valid_from)),
    CONSTRAINT door_codes_check1 CHECK (((state = ANY (ARRAY['scheduled'::text, 'failed'::text, 'cleared'::text])) OR (slot IS NOT NULL))),
    CONSTRAINT door_codes_last_error_check CHECK ((length(last_error) <= 500)),
    CONSTRAINT door_codes_slot_check CHECK (((slot >= 1) AND (slot <= 250))),
    CONSTRAINT door_codes_state_check CHECK ((state = ANY (ARRAY['scheduled'::text, 'setting'::text, 'active'::text, 'failed'::text, 'clearing'::text, 'cleared'::text])))
);

-- TABLE: stay_links
CREATE TABLE public.stay_links (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    stay_id uuid NOT NULL,
    token_digest bytea NOT NULL,
    created_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    revoked_at timestamp with time zone
);

-- CONSTRAINT: door_codes door_codes_pkey
ALTER TABLE ONLY public.door_codes
    ADD CONSTRAINT door_codes_pkey PRIMARY KEY (id);

-- CONSTRAINT: stay_links stay_links_pkey
ALTER TABLE ONLY public.stay_links
    ADD CONSTRAINT stay_links_pkey PRIMARY KEY (id);

-- CONSTRAINT: stay_links stay_links_token_digest_key
ALTER TABLE ONLY public.stay_links
    ADD CONSTRAINT stay_links_token_digest_key UNIQUE (token_digest);

-- INDEX: door_codes_couch
CREATE INDEX door_codes_couch ON public.door_codes USING btree (couch_id, valid_from DESC, id DESC);

-- INDEX: door_codes_digest
CREATE UNIQUE INDEX door_codes_digest ON public.door_codes USING btree (couch_id, thing_uid, code_digest) WHERE (state <> 'cleared'::text);

-- INDEX: door_codes_one_per_device
CREATE UNIQUE INDEX door_codes_one_per_device ON public.door_codes USING btree (stay_id, device_id) WHERE (state <> ALL (ARRAY['cleared'::text, 'clearing'::text]));

-- INDEX: door_codes_open
CREATE INDEX door_codes_open ON public.door_codes USING btree (couch_id, thing_uid) WHERE (state <> 'cleared'::text);

-- INDEX: door_codes_retired
CREATE INDEX door_codes_retired ON public.door_codes USING btree (couch_id, thing_uid, code_digest) WHERE (state = 'cleared'::text);

-- INDEX: door_codes_slot
CREATE UNIQUE INDEX door_codes_slot ON public.door_codes USING btree (couch_id, thing_uid, slot) WHERE (state <> 'cleared'::text);

-- INDEX: door_codes_stay
CREATE INDEX door_codes_stay ON public.door_codes USING btree (stay_id);

-- INDEX: stay_links_live
CREATE UNIQUE INDEX stay_links_live ON public.stay_links USING btree (stay_id) WHERE (revoked_at IS NULL);

-- FK CONSTRAINT: door_codes door_codes_couch_id_fkey
ALTER TABLE ONLY public.door_codes
    ADD CONSTRAINT door_codes_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: door_codes door_codes_device_id_fkey
ALTER TABLE ONLY public.door_codes
    ADD CONSTRAINT door_codes_device_id_fkey FOREIGN KEY (device_id) REFERENCES public.devices(id) ON DELETE SET NULL;

-- FK CONSTRAINT: stay_links stay_links_couch_id_fkey
ALTER TABLE ONLY public.stay_links
    ADD CONSTRAINT stay_links_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: stay_links stay_links_created_by_fkey
ALTER TABLE ONLY public.stay_links
    ADD CONSTRAINT stay_links_created_by_fkey FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

-- FUNCTION: door_code_events()
CREATE FUNCTION public.door_code_events() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    PERFORM emit_event('code.' || NEW.state, NEW.couch_id, ARRAY[stay_guest(NEW.stay_id)],
                       jsonb_build_object('stayId', NEW.stay_id, 'deviceId', NEW.device_id, 'validFrom', utc_text(NEW.valid_from),
                                          'validUntil', utc_text(NEW.valid_until),
                                          'error', CASE WHEN NEW.state = 'failed' THEN NEW.last_error END),
                       NEW.updated_at);
    RETURN NULL;
END
$$;

-- TRIGGER: door_codes door_codes_events
CREATE TRIGGER door_codes_events AFTER UPDATE OF state ON public.door_codes FOR EACH ROW WHEN (((new.state IS DISTINCT FROM old.state) AND (new.state = ANY (ARRAY['active'::text, 'failed'::text, 'cleared'::text])))) EXECUTE FUNCTION public.door_code_events();

-- ================================================================================================
-- Automations
-- ================================================================================================

-- TABLE: automation_runs
CREATE TABLE public.automation_runs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    trigger_id uuid,
    couch_id uuid NOT NULL,
    scene_id uuid,
    scene_name text NOT NULL,
    kind text NOT NULL,
    occasion text NOT NULL,
    due_at timestamp with time zone NOT NULL,
    status text NOT NULL,
    started_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    results jsonb DEFAULT '[]'::jsonb NOT NULL,
    detail text,
    CONSTRAINT automation_runs_check CHECK (((status = 'running'::text) = (finished_at IS NULL))),
    CONSTRAINT automation_runs_status_check CHECK ((status = ANY (ARRAY['running'::text, 'succeeded'::text, 'failed'::text, 'skipped'::text])))
);

-- TABLE: presence_lights
CREATE TABLE public.presence_lights (
    couch_id uuid NOT NULL,
    device_id uuid NOT NULL
);

-- TABLE: presence_settings
CREATE TABLE public.presence_settings (
    couch_id uuid NOT NULL,
    enabled boolean NOT NULL,
    window_start time without time zone NOT NULL,
    window_end time without time zone NOT NULL,
    max_on_minutes integer NOT NULL,
    seed bigint NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT presence_settings_check CHECK (((window_end - window_start) >= '00:30:00'::interval)),
    CONSTRAINT presence_settings_max_on_minutes_check CHECK (((max_on_minutes >= 10) AND (max_on_minutes <= 360))),
    CONSTRAINT presence_settings_window_end_check CHECK (((window_end)::interval = date_trunc('minute'::text, (window_end)::interval))),
    CONSTRAINT presence_settings_window_start_check CHECK (((window_start)::interval = date_trunc('minute'::text, (window_start)::interval)))
);

-- TABLE: presence_switches
CREATE TABLE public.presence_switches (
    couch_id uuid NOT NULL,
    device_id uuid NOT NULL,
    item_id uuid NOT NULL,
    restore text NOT NULL,
    switched_at timestamp with time zone NOT NULL,
    CONSTRAINT presence_switches_restore_check CHECK (((length(restore) >= 1) AND (length(restore) <= 40)))
);

-- TABLE: scene_actions
CREATE TABLE public.scene_actions (
    scene_id uuid NOT NULL,
    "position" integer NOT NULL,
    couch_id uuid NOT NULL,
    device_id uuid NOT NULL,
    item_id uuid NOT NULL,
    command text NOT NULL,
    CONSTRAINT scene_actions_command_check CHECK (((length(command) >= 1) AND (length(command) <= 40))),
    CONSTRAINT scene_actions_position_check CHECK (("position" >= 0))
);

-- TABLE: scenes
CREATE TABLE public.scenes (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    name text NOT NULL,
    guest_runnable boolean NOT NULL,
    unlocks boolean DEFAULT false NOT NULL,
    builtin text,
    follows_devices boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT scenes_builtin_check CHECK ((builtin = ANY (ARRAY['welcome'::text, 'eco'::text]))),
    CONSTRAINT scenes_check CHECK (((NOT follows_devices) OR (builtin IS NOT NULL))),
    CONSTRAINT scenes_name_check CHECK (((name = btrim(name)) AND ((length(name) >= 1) AND (length(name) <= 80)))),
    CONSTRAINT scenes_unlocking_is_the_hosts CHECK ((NOT (unlocks AND guest_runnable)))
);

-- TABLE: triggers
CREATE TABLE public.triggers (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    couch_id uuid NOT NULL,
    scene_id uuid NOT NULL,
    kind text NOT NULL,
    offset_minutes integer,
    vacant_hours integer,
    free_ahead_hours integer,
    local_time time without time zone,
    weekdays smallint[],
    catch_up text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT triggers_catch_up_check CHECK ((catch_up = ANY (ARRAY['once'::text, 'skip'::text]))),
    CONSTRAINT triggers_check CHECK (
CASE kind
    WHEN 'beforeCheckIn'::text THEN (offset_minutes IS NOT NULL)
    WHEN 'afterCheckOut'::text THEN (offset_minutes IS NOT NULL)
    WHEN 'vacancy'::text THEN ((vacant_hours IS NOT NULL) AND (free_ahead_hours IS NOT NULL))
    WHEN 'time'::text THEN ((local_time IS NOT NULL) AND (weekdays IS NOT NULL))
    ELSE true
END),
    CONSTRAINT triggers_free_ahead_hours_check CHECK (((free_ahead_hours >= 0) AND (free_ahead_hours <= 8760))),
    CONSTRAINT triggers_kind_check CHECK ((kind = ANY (ARRAY['beforeCheckIn'::text, 'afterCheckOut'::text, 'arrival'::text, 'vacancy'::text, 'time'::text]))),
    CONSTRAINT triggers_local_time_check CHECK (((local_time)::interval = date_trunc('minute'::text, (local_time)::interval))),
    CONSTRAINT triggers_offset_minutes_check CHECK (((offset_minutes >= 0) AND (offset_minutes <= 10080))),
    CONSTRAINT triggers_vacant_hours_check CHECK (((vacant_hours >= 1) AND (vacant_hours <= 8760))),
    CONSTRAINT triggers_weekdays_check CHECK (((weekdays <@ ARRAY[(1)::smallint, (2)::smallint, (3)::smallint, (4)::smallint, (5)::smallint, (6)::smallint, (7)::smallint]) AND ((cardinality(weekdays) >= 1) AND (cardinality(weekdays) <= 7))))
);

-- CONSTRAINT: automation_runs automation_runs_pkey
ALTER TABLE ONLY public.automation_runs
    ADD CONSTRAINT automation_runs_pkey PRIMARY KEY (id);

-- CONSTRAINT: presence_lights presence_lights_pkey
ALTER TABLE ONLY public.presence_lights
    ADD CONSTRAINT presence_lights_pkey PRIMARY KEY (couch_id, device_id);

-- CONSTRAINT: presence_settings presence_settings_pkey
ALTER TABLE ONLY public.presence_settings
    ADD CONSTRAINT presence_settings_pkey PRIMARY KEY (couch_id);

-- CONSTRAINT: presence_switches presence_switches_pkey
ALTER TABLE ONLY public.presence_switches
    ADD CONSTRAINT presence_switches_pkey PRIMARY KEY (couch_id, device_id);

-- CONSTRAINT: scene_actions scene_actions_pkey
ALTER TABLE ONLY public.scene_actions
    ADD CONSTRAINT scene_actions_pkey PRIMARY KEY (scene_id, "position");

-- CONSTRAINT: scene_actions scene_actions_scene_id_item_id_key
ALTER TABLE ONLY public.scene_actions
    ADD CONSTRAINT scene_actions_scene_id_item_id_key UNIQUE (scene_id, item_id);

-- CONSTRAINT: scenes scenes_id_couch_id_key
ALTER TABLE ONLY public.scenes
    ADD CONSTRAINT scenes_id_couch_id_key UNIQUE (id, couch_id);

-- CONSTRAINT: scenes scenes_pkey
ALTER TABLE ONLY public.scenes
    ADD CONSTRAINT scenes_pkey PRIMARY KEY (id);

-- CONSTRAINT: triggers triggers_pkey
ALTER TABLE ONLY public.triggers
    ADD CONSTRAINT triggers_pkey PRIMARY KEY (id);

-- INDEX: automation_runs_couch
CREATE INDEX automation_runs_couch ON public.automation_runs USING btree (couch_id, started_at DESC, id DESC);

-- INDEX: automation_runs_once
CREATE UNIQUE INDEX automation_runs_once ON public.automation_runs USING btree (trigger_id, occasion);

-- INDEX: presence_settings_enabled
CREATE INDEX presence_settings_enabled ON public.presence_settings USING btree (couch_id) WHERE enabled;

-- INDEX: scene_actions_device
CREATE INDEX scene_actions_device ON public.scene_actions USING btree (device_id, couch_id);

-- INDEX: scene_actions_item
CREATE INDEX scene_actions_item ON public.scene_actions USING btree (item_id);

-- INDEX: scenes_name
CREATE UNIQUE INDEX scenes_name ON public.scenes USING btree (couch_id, lower(name));

-- INDEX: triggers_couch
CREATE INDEX triggers_couch ON public.triggers USING btree (couch_id, created_at);

-- INDEX: triggers_kind
CREATE INDEX triggers_kind ON public.triggers USING btree (kind);

-- FK CONSTRAINT: automation_runs automation_runs_couch_id_fkey
ALTER TABLE ONLY public.automation_runs
    ADD CONSTRAINT automation_runs_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: automation_runs automation_runs_trigger_id_fkey
ALTER TABLE ONLY public.automation_runs
    ADD CONSTRAINT automation_runs_trigger_id_fkey FOREIGN KEY (trigger_id) REFERENCES public.triggers(id) ON DELETE SET NULL;

-- FK CONSTRAINT: presence_lights presence_lights_couch_id_fkey
ALTER TABLE ONLY public.presence_lights
    ADD CONSTRAINT presence_lights_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.presence_settings(couch_id) ON DELETE CASCADE;

-- FK CONSTRAINT: presence_lights presence_lights_device_id_couch_id_fkey
ALTER TABLE ONLY public.presence_lights
    ADD CONSTRAINT presence_lights_device_id_couch_id_fkey FOREIGN KEY (device_id, couch_id) REFERENCES public.devices(id, couch_id) ON DELETE CASCADE;

-- FK CONSTRAINT: presence_settings presence_settings_couch_id_fkey
ALTER TABLE ONLY public.presence_settings
    ADD CONSTRAINT presence_settings_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: presence_switches presence_switches_device_id_couch_id_fkey
ALTER TABLE ONLY public.presence_switches
    ADD CONSTRAINT presence_switches_device_id_couch_id_fkey FOREIGN KEY (device_id, couch_id) REFERENCES public.devices(id, couch_id) ON DELETE CASCADE;

-- FK CONSTRAINT: presence_switches presence_switches_item_id_device_id_fkey
ALTER TABLE ONLY public.presence_switches
    ADD CONSTRAINT presence_switches_item_id_device_id_fkey FOREIGN KEY (item_id, device_id) REFERENCES public.device_items(id, device_id) ON DELETE CASCADE;

-- FK CONSTRAINT: scene_actions scene_actions_device_id_couch_id_fkey
ALTER TABLE ONLY public.scene_actions
    ADD CONSTRAINT scene_actions_device_id_couch_id_fkey FOREIGN KEY (device_id, couch_id) REFERENCES public.devices(id, couch_id) ON DELETE CASCADE;

-- FK CONSTRAINT: scene_actions scene_actions_item_id_device_id_fkey
ALTER TABLE ONLY public.scene_actions
    ADD CONSTRAINT scene_actions_item_id_device_id_fkey FOREIGN KEY (item_id, device_id) REFERENCES public.device_items(id, device_id) ON DELETE CASCADE;

-- FK CONSTRAINT: scene_actions scene_actions_scene_id_couch_id_fkey
ALTER TABLE ONLY public.scene_actions
    ADD CONSTRAINT scene_actions_scene_id_couch_id_fkey FOREIGN KEY (scene_id, couch_id) REFERENCES public.scenes(id, couch_id) ON DELETE CASCADE;

-- FK CONSTRAINT: scenes scenes_couch_id_fkey
ALTER TABLE ONLY public.scenes
    ADD CONSTRAINT scenes_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: triggers triggers_couch_id_fkey
ALTER TABLE ONLY public.triggers
    ADD CONSTRAINT triggers_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: triggers triggers_scene_id_couch_id_fkey
ALTER TABLE ONLY public.triggers
    ADD CONSTRAINT triggers_scene_id_couch_id_fkey FOREIGN KEY (scene_id, couch_id) REFERENCES public.scenes(id, couch_id) ON DELETE CASCADE;

-- FUNCTION: automation_run_event()
CREATE FUNCTION public.automation_run_event() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    IF NEW.status <> 'running' AND (TG_OP = 'INSERT' OR OLD.status = 'running') THEN
        PERFORM emit_event('automation.run', NEW.couch_id, '{}', jsonb_build_object(
            'runId', NEW.id, 'triggerId', NEW.trigger_id, 'sceneId', NEW.scene_id, 'sceneName', NEW.scene_name,
            'kind', NEW.kind, 'status', NEW.status, 'dueAt', utc_text(NEW.due_at)), coalesce(NEW.finished_at, NEW.started_at));
    END IF;
    RETURN NULL;
END $$;

-- FUNCTION: couch_builtin_scenes()
CREATE FUNCTION public.couch_builtin_scenes() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
    INSERT INTO scenes (couch_id, name, guest_runnable, builtin, follows_devices, created_at, updated_at)
    VALUES (NEW.id, 'Welcome', true, 'welcome', true, NEW.created_at, NEW.created_at),
           (NEW.id, 'Eco', true, 'eco', true, NEW.created_at, NEW.created_at);
    RETURN NULL;
END $$;

-- TRIGGER: automation_runs automation_runs_event
CREATE TRIGGER automation_runs_event AFTER INSERT OR UPDATE OF status ON public.automation_runs FOR EACH ROW EXECUTE FUNCTION public.automation_run_event();

-- ================================================================================================
-- Weather
-- ================================================================================================

-- TABLE: weather_readings
CREATE TABLE public.weather_readings (
    city text NOT NULL,
    observed_at timestamp with time zone NOT NULL,
    celsius double precision NOT NULL,
    CONSTRAINT weather_readings_celsius_check CHECK (((celsius >= ('-100'::integer)::double precision) AND (celsius <= (100)::double precision))),
    CONSTRAINT weather_readings_city_check CHECK (((length(city) >= 1) AND (length(city) <= 300)))
);

-- TABLE: weather_watchers
CREATE TABLE public.weather_watchers (
    device_id uuid NOT NULL,
    couch_id uuid NOT NULL,
    device_type text DEFAULT 'weatherWatcher'::text NOT NULL,
    heating_device_id uuid,
    heating_type text DEFAULT 'heating'::text NOT NULL,
    cooling_device_id uuid,
    cooling_type text DEFAULT 'cooling'::text NOT NULL,
    heat_on_below double precision NOT NULL,
    heat_off_above double precision NOT NULL,
    cool_on_above double precision NOT NULL,
    cool_off_below double precision NOT NULL,
    updated_at timestamp with time zone NOT NULL,
    CONSTRAINT weather_watchers_cool_off_below_check CHECK (((cool_off_below >= ('-50'::integer)::double precision) AND (cool_off_below <= (60)::double precision))),
    CONSTRAINT weather_watchers_cool_on_above_check CHECK (((cool_on_above >= ('-50'::integer)::double precision) AND (cool_on_above <= (60)::double precision))),
    CONSTRAINT weather_watchers_cooling_gap CHECK ((cool_off_below < cool_on_above)),
    CONSTRAINT weather_watchers_cooling_type_check CHECK ((cooling_type = 'cooling'::text)),
    CONSTRAINT weather_watchers_device_type_check CHECK ((device_type = 'weatherWatcher'::text)),
    CONSTRAINT weather_watchers_heat_off_above_check CHECK (((heat_off_above >= ('-50'::integer)::double precision) AND (heat_off_above <= (60)::double precision))),
    CONSTRAINT weather_watchers_heat_on_below_check CHECK (((heat_on_below >= ('-50'::integer)::double precision) AND (heat_on_below <= (60)::double precision))),
    CONSTRAINT weather_watchers_heating_below_cooling CHECK ((heat_off_above < cool_off_below)),
    CONSTRAINT weather_watchers_heating_gap CHECK ((heat_on_below < heat_off_above)),
    CONSTRAINT weather_watchers_heating_type_check CHECK ((heating_type = 'heating'::text))
);

-- CONSTRAINT: weather_readings weather_readings_pkey
ALTER TABLE ONLY public.weather_readings
    ADD CONSTRAINT weather_readings_pkey PRIMARY KEY (city, observed_at);

-- CONSTRAINT: weather_watchers weather_watchers_one_per_cooling
ALTER TABLE ONLY public.weather_watchers
    ADD CONSTRAINT weather_watchers_one_per_cooling UNIQUE (cooling_device_id);

-- CONSTRAINT: weather_watchers weather_watchers_one_per_heating
ALTER TABLE ONLY public.weather_watchers
    ADD CONSTRAINT weather_watchers_one_per_heating UNIQUE (heating_device_id);

-- CONSTRAINT: weather_watchers weather_watchers_pkey
ALTER TABLE ONLY public.weather_watchers
    ADD CONSTRAINT weather_watchers_pkey PRIMARY KEY (device_id);

-- INDEX: weather_readings_observed
CREATE INDEX weather_readings_observed ON public.weather_readings USING btree (observed_at);

-- INDEX: weather_watchers_couch
CREATE INDEX weather_watchers_couch ON public.weather_watchers USING btree (couch_id);

-- FK CONSTRAINT: weather_watchers weather_watchers_cooling_device_id_couch_id_cooling_type_fkey
ALTER TABLE ONLY public.weather_watchers
    ADD CONSTRAINT weather_watchers_cooling_device_id_couch_id_cooling_type_fkey FOREIGN KEY (cooling_device_id, couch_id, cooling_type) REFERENCES public.devices(id, couch_id, type) ON DELETE SET NULL (cooling_device_id);

-- FK CONSTRAINT: weather_watchers weather_watchers_device_id_couch_id_device_type_fkey
ALTER TABLE ONLY public.weather_watchers
    ADD CONSTRAINT weather_watchers_device_id_couch_id_device_type_fkey FOREIGN KEY (device_id, couch_id, device_type) REFERENCES public.devices(id, couch_id, type) ON DELETE CASCADE;

-- FK CONSTRAINT: weather_watchers weather_watchers_heating_device_id_couch_id_heating_type_fkey
ALTER TABLE ONLY public.weather_watchers
    ADD CONSTRAINT weather_watchers_heating_device_id_couch_id_heating_type_fkey FOREIGN KEY (heating_device_id, couch_id, heating_type) REFERENCES public.devices(id, couch_id, type) ON DELETE SET NULL (heating_device_id);

-- ================================================================================================
-- Events
-- ================================================================================================

-- TABLE: events
CREATE TABLE public.events (
    outbox_id bigint NOT NULL,
    id bigint,
    type text NOT NULL,
    occurred_at timestamp with time zone NOT NULL,
    couch_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    visible_to uuid[] NOT NULL,
    data jsonb NOT NULL,
    CONSTRAINT events_type_check CHECK ((type ~ '^[a-z_]+\.[a-z_]+$'::text))
);

-- TABLE: event_sequence
CREATE TABLE public.event_sequence (
    singleton boolean DEFAULT true NOT NULL,
    last_id bigint NOT NULL,
    floor bigint DEFAULT 0 NOT NULL,
    next_floor bigint,
    next_floor_xid xid8,
    CONSTRAINT event_sequence_check CHECK (((next_floor IS NULL) = (next_floor_xid IS NULL))),
    CONSTRAINT event_sequence_singleton_check CHECK (singleton)
);

-- SEQUENCE: events_outbox_id_seq
ALTER TABLE public.events ALTER COLUMN outbox_id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.events_outbox_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- TABLE: webhook_deliveries
CREATE TABLE public.webhook_deliveries (
    id bigint NOT NULL,
    webhook_id uuid NOT NULL,
    event_id bigint NOT NULL,
    status text DEFAULT 'pending'::text NOT NULL,
    attempts integer DEFAULT 0 NOT NULL,
    next_attempt_at timestamp with time zone DEFAULT now() NOT NULL,
    last_attempt_at timestamp with time zone,
    last_status_code integer,
    last_error text,
    delivered_at timestamp with time zone,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT webhook_deliveries_last_error_check CHECK ((length(last_error) <= 500)),
    CONSTRAINT webhook_deliveries_status_check CHECK ((status = ANY (ARRAY['pending'::text, 'delivered'::text, 'failed'::text])))
);

-- SEQUENCE: webhook_deliveries_id_seq
ALTER TABLE public.webhook_deliveries ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.webhook_deliveries_id_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

-- TABLE: webhooks
CREATE TABLE public.webhooks (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    user_id uuid NOT NULL,
    url text NOT NULL,
    types text[] NOT NULL,
    secret_sealed bytea NOT NULL,
    enabled boolean DEFAULT true NOT NULL,
    disabled_at timestamp with time zone,
    disabled_reason text,
    leased_until timestamp with time zone,
    leased_by uuid,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT webhooks_check CHECK ((enabled = (disabled_at IS NULL))),
    CONSTRAINT webhooks_check1 CHECK (((leased_until IS NULL) = (leased_by IS NULL))),
    CONSTRAINT webhooks_disabled_reason_check CHECK ((length(disabled_reason) <= 500)),
    CONSTRAINT webhooks_types_check CHECK (((cardinality(types) >= 1) AND (cardinality(types) <= 32))),
    CONSTRAINT webhooks_url_check CHECK ((length(url) <= 2000))
);

-- CONSTRAINT: event_sequence event_sequence_pkey
ALTER TABLE ONLY public.event_sequence
    ADD CONSTRAINT event_sequence_pkey PRIMARY KEY (singleton);

-- CONSTRAINT: events events_id_key
ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_id_key UNIQUE (id);

-- CONSTRAINT: events events_pkey
ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (outbox_id);

-- CONSTRAINT: webhook_deliveries webhook_deliveries_pkey
ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_pkey PRIMARY KEY (id);

-- CONSTRAINT: webhook_deliveries webhook_deliveries_webhook_id_event_id_key
ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_webhook_id_event_id_key UNIQUE (webhook_id, event_id);

-- CONSTRAINT: webhooks webhooks_pkey
ALTER TABLE ONLY public.webhooks
    ADD CONSTRAINT webhooks_pkey PRIMARY KEY (id);

-- INDEX: events_occurred
CREATE INDEX events_occurred ON public.events USING btree (occurred_at);

-- INDEX: events_unsequenced
CREATE INDEX events_unsequenced ON public.events USING btree (outbox_id) WHERE (id IS NULL);

-- INDEX: webhook_deliveries_due
CREATE INDEX webhook_deliveries_due ON public.webhook_deliveries USING btree (next_attempt_at) WHERE (status = 'pending'::text);

-- INDEX: webhook_deliveries_event
CREATE INDEX webhook_deliveries_event ON public.webhook_deliveries USING btree (event_id);

-- INDEX: webhook_deliveries_pending
CREATE INDEX webhook_deliveries_pending ON public.webhook_deliveries USING btree (webhook_id, event_id) WHERE (status = 'pending'::text);

-- INDEX: webhooks_user
CREATE INDEX webhooks_user ON public.webhooks USING btree (user_id);

-- FK CONSTRAINT: events events_couch_id_fkey
ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_couch_id_fkey FOREIGN KEY (couch_id) REFERENCES public.couches(id) ON DELETE CASCADE;

-- FK CONSTRAINT: webhook_deliveries webhook_deliveries_event_id_fkey
ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_event_id_fkey FOREIGN KEY (event_id) REFERENCES public.events(id) ON DELETE CASCADE;

-- FK CONSTRAINT: webhook_deliveries webhook_deliveries_webhook_id_fkey
ALTER TABLE ONLY public.webhook_deliveries
    ADD CONSTRAINT webhook_deliveries_webhook_id_fkey FOREIGN KEY (webhook_id) REFERENCES public.webhooks(id) ON DELETE CASCADE;

-- FK CONSTRAINT: webhooks webhooks_user_id_fkey
ALTER TABLE ONLY public.webhooks
    ADD CONSTRAINT webhooks_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

-- FUNCTION: emit_event(text, uuid, uuid[], jsonb, timestamp with time zone)
CREATE FUNCTION public.emit_event(kind text, target_couch uuid, audience uuid[], payload jsonb, at timestamp with time zone) RETURNS void
    LANGUAGE plpgsql
    AS $$
BEGIN
    -- The transaction's xid before the event's outbox id: the sequencer's floor counts on it.
    PERFORM pg_current_xact_id();
    INSERT INTO events (type, occurred_at, couch_id, owner_id, visible_to, data)
    SELECT kind, coalesce(at, now()), c.id, c.owner_id,
           ARRAY(SELECT DISTINCT u FROM unnest(array_prepend(c.owner_id, audience)) u WHERE u IS NOT NULL),
           jsonb_strip_nulls(payload)
    FROM couches c WHERE c.id = target_couch;
END
$$;

-- FUNCTION: utc_text(timestamp with time zone)
CREATE FUNCTION public.utc_text(at timestamp with time zone) RETURNS text
    LANGUAGE sql STABLE STRICT PARALLEL SAFE
    RETURN to_char((at AT TIME ZONE 'UTC'::text), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'::text);

-- FUNCTION: event_envelope(public.events)
CREATE FUNCTION public.event_envelope(e public.events) RETURNS text
    LANGUAGE sql STABLE PARALLEL SAFE
    RETURN (json_build_object('id', ((e).id)::text, 'type', (e).type, 'occurredAt', public.utc_text((e).occurred_at), 'couchId', (e).couch_id, 'data', (e).data))::text;

-- FUNCTION: sequence_events(integer)
CREATE FUNCTION public.sequence_events(batch integer) RETURNS bigint
    LANGUAGE plpgsql
    AS $$
DECLARE
    s event_sequence;
    settled boolean;
    foreign_candidate boolean;
    given bigint;
    queued bigint;
    drawn bigint;
    moves boolean := false;
BEGIN
    IF pg_current_xact_id_if_assigned() IS NOT NULL THEN
        RAISE EXCEPTION 'sequence_events runs in a transaction of its own';
    END IF;
    PERFORM pg_advisory_xact_lock(1163282002);  -- "EVSR"
    SELECT * INTO s FROM event_sequence;
    -- Asked before the events are read, so that what those transactions committed is seen below.
    settled := s.next_floor_xid IS NOT NULL AND pg_snapshot_xmin(pg_current_snapshot()) >= s.next_floor_xid;
    foreign_candidate := s.next_floor_xid >= pg_snapshot_xmax(pg_current_snapshot());
    -- Read while this transaction has no xid yet: the one it gets below is younger than that of
    -- every transaction that drew an outbox id up to `drawn`.
    SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END INTO drawn FROM events_outbox_id_seq;
    WITH picked AS (
        SELECT outbox_id FROM events WHERE id IS NULL AND outbox_id > s.floor ORDER BY outbox_id LIMIT batch FOR UPDATE
    ), next AS (
        SELECT outbox_id, s.last_id + row_number() OVER (ORDER BY outbox_id) AS id FROM picked
    )
    UPDATE events e SET id = next.id FROM next WHERE e.outbox_id = next.outbox_id;
    GET DIAGNOSTICS given = ROW_COUNT;
    -- All it found has an id (fewer than a batch): the floor may rise to the candidate, and `drawn`
    -- becomes the next candidate. An idle sequencer whose floor is settled writes nothing.
    IF given < batch THEN
        moves := (settled AND (s.next_floor > s.floor OR drawn > s.next_floor))
            OR ((s.next_floor_xid IS NULL OR foreign_candidate) AND drawn > s.floor);
    END IF;
    IF given = 0 AND NOT moves THEN
        RETURN NULL;
    END IF;
    UPDATE event_sequence
    SET last_id = s.last_id + given,
        floor = CASE WHEN moves AND settled THEN s.next_floor ELSE floor END,
        next_floor = CASE WHEN moves THEN drawn ELSE next_floor END,
        next_floor_xid = CASE WHEN moves THEN pg_current_xact_id() ELSE next_floor_xid END;
    IF given = 0 THEN
        RETURN NULL;
    END IF;
    INSERT INTO webhook_deliveries (webhook_id, event_id, next_attempt_at)
    SELECT w.id, e.id, now()
    FROM events e JOIN webhooks w ON w.user_id = e.owner_id AND w.enabled AND e.type = ANY(w.types)
    WHERE e.id > s.last_id AND e.id <= s.last_id + given;
    GET DIAGNOSTICS queued = ROW_COUNT;
    PERFORM pg_notify('events', (s.last_id + given)::text || CASE WHEN queued > 0 THEN ' deliveries' ELSE '' END);
    RETURN s.last_id + given;
END
$$;

-- ================================================================================================
-- Platform
-- ================================================================================================

-- EXTENSION: btree_gist
CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public;

-- COMMENT: EXTENSION btree_gist
COMMENT ON EXTENSION btree_gist IS 'support for indexing common datatypes in GiST';

-- COMMENT: COLUMN event_sequence.floor
COMMENT ON COLUMN public.event_sequence.floor IS 'no event with an outbox id up to this one is without an id, nor ever will be';

-- COMMENT: COLUMN event_sequence.next_floor
COMMENT ON COLUMN public.event_sequence.next_floor IS 'the floor to be, once every transaction with an xid before next_floor_xid has ended';

-- TABLE: idempotency_keys
CREATE TABLE public.idempotency_keys (
    user_id uuid NOT NULL,
    key text NOT NULL,
    fingerprint text NOT NULL,
    response_status integer,
    response_body bytea,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT idempotency_keys_key_check CHECK (((length(key) >= 1) AND (length(key) <= 255))),
    CONSTRAINT idempotency_keys_response_status_check CHECK (((response_status >= 100) AND (response_status <= 599)))
);

-- TABLE: job_runs
CREATE TABLE public.job_runs (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    job text NOT NULL,
    trigger text NOT NULL,
    scheduled_for timestamp with time zone,
    started_at timestamp with time zone NOT NULL,
    finished_at timestamp with time zone,
    status text NOT NULL,
    summary jsonb,
    error text,
    CONSTRAINT job_runs_check CHECK (((trigger = 'schedule'::text) = (scheduled_for IS NOT NULL))),
    CONSTRAINT job_runs_check1 CHECK (((status = 'running'::text) = (finished_at IS NULL))),
    CONSTRAINT job_runs_check2 CHECK (((status <> 'failed'::text) OR (error IS NOT NULL))),
    CONSTRAINT job_runs_job_check CHECK (((length(job) >= 1) AND (length(job) <= 64))),
    CONSTRAINT job_runs_status_check CHECK ((status = ANY (ARRAY['running'::text, 'succeeded'::text, 'failed'::text]))),
    CONSTRAINT job_runs_trigger_check CHECK ((trigger = ANY (ARRAY['schedule'::text, 'operator'::text])))
);

-- TABLE: schema_migrations
CREATE TABLE public.schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);

-- CONSTRAINT: idempotency_keys idempotency_keys_pkey
ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (user_id, key);

-- CONSTRAINT: job_runs job_runs_job_scheduled_for_key
ALTER TABLE ONLY public.job_runs
    ADD CONSTRAINT job_runs_job_scheduled_for_key UNIQUE (job, scheduled_for);

-- CONSTRAINT: job_runs job_runs_pkey
ALTER TABLE ONLY public.job_runs
    ADD CONSTRAINT job_runs_pkey PRIMARY KEY (id);

-- CONSTRAINT: schema_migrations schema_migrations_pkey
ALTER TABLE ONLY public.schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);

-- INDEX: idempotency_keys_created_at
CREATE INDEX idempotency_keys_created_at ON public.idempotency_keys USING btree (created_at);

-- INDEX: job_runs_running
CREATE INDEX job_runs_running ON public.job_runs USING btree (job) WHERE (status = 'running'::text);

-- INDEX: job_runs_started_at
CREATE INDEX job_runs_started_at ON public.job_runs USING btree (started_at DESC, id DESC);

-- FK CONSTRAINT: idempotency_keys idempotency_keys_user_id_fkey
ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;
