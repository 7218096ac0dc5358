-- Custom migration (drizzle-kit generate --custom): functions and triggers cannot be written
-- in schema.ts. They keep the statistics roll-ups equal to their sources in the same
-- statement that changes the source, whoever writes it: apartment_status_counts to
-- apartments, and click_daily, click_daily_projects and click_windows to click_events
-- (the click recorder, a restore, a benchmark's bulk insert). Statistics days are Swedish
-- calendar days. Decision record 013.
-- Room on every page for the windows' daily updates, so they are HOT (no index writes):
-- moving them on a day costs a third as much. Drizzle cannot declare table storage options.
ALTER TABLE click_windows SET (fillfactor = 70);
--> statement-breakpoint
CREATE FUNCTION click_day(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE 'Europe/Stockholm')::date
$$;
--> statement-breakpoint
CREATE FUNCTION click_roll_ups_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date;
BEGIN
  INSERT INTO click_daily (apartment_id, day, project_id, clicks)
  SELECT apartment_id, click_day(clicked_at), min(project_id), count(*)::int
  FROM new_clicks GROUP BY 1, 2
  ON CONFLICT (apartment_id, day) DO UPDATE SET clicks = click_daily.clicks + EXCLUDED.clicks;

  INSERT INTO click_daily_projects (project_id, day, clicks)
  SELECT project_id, click_day(clicked_at), count(*)::int
  FROM new_clicks GROUP BY 1, 2
  ON CONFLICT (project_id, day) DO UPDATE SET clicks = click_daily_projects.clicks + EXCLUDED.clicks;

  -- The windows take clicks on the days they cover; a later day's clicks are added when
  -- they move on to it. The share lock waits for a move in progress.
  SELECT day INTO w FROM click_windows_state WHERE id = 1 FOR SHARE;
  IF w IS NOT NULL THEN
    INSERT INTO click_windows (apartment_id, project_id, d7, d30, d90)
    SELECT apartment_id, min(project_id),
           (count(*) FILTER (WHERE d > w - 7))::int,
           (count(*) FILTER (WHERE d > w - 30))::int,
           count(*)::int
    FROM (SELECT apartment_id, project_id, click_day(clicked_at) AS d FROM new_clicks) c
    WHERE d > w - 90 AND d <= w
    GROUP BY apartment_id
    ON CONFLICT (apartment_id) DO UPDATE SET
      d7 = click_windows.d7 + EXCLUDED.d7,
      d30 = click_windows.d30 + EXCLUDED.d30,
      d90 = click_windows.d90 + EXCLUDED.d90;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION click_roll_ups_remove() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date;
BEGIN
  -- Days that lose all their clicks go; the others count down.
  DELETE FROM click_daily x
  USING (SELECT apartment_id, click_day(clicked_at) AS day, count(*)::int AS n FROM old_clicks GROUP BY 1, 2) g
  WHERE x.apartment_id = g.apartment_id AND x.day = g.day AND x.clicks <= g.n;
  UPDATE click_daily x SET clicks = x.clicks - g.n
  FROM (SELECT apartment_id, click_day(clicked_at) AS day, count(*)::int AS n FROM old_clicks GROUP BY 1, 2) g
  WHERE x.apartment_id = g.apartment_id AND x.day = g.day;

  DELETE FROM click_daily_projects x
  USING (SELECT project_id, click_day(clicked_at) AS day, count(*)::int AS n FROM old_clicks GROUP BY 1, 2) g
  WHERE x.project_id = g.project_id AND x.day = g.day AND x.clicks <= g.n;
  UPDATE click_daily_projects x SET clicks = x.clicks - g.n
  FROM (SELECT project_id, click_day(clicked_at) AS day, count(*)::int AS n FROM old_clicks GROUP BY 1, 2) g
  WHERE x.project_id = g.project_id AND x.day = g.day;

  -- Rows that fall to zero stay until the windows next move on.
  SELECT day INTO w FROM click_windows_state WHERE id = 1 FOR SHARE;
  IF w IS NOT NULL THEN
    UPDATE click_windows x SET d7 = x.d7 - g.d7, d30 = x.d30 - g.d30, d90 = x.d90 - g.d90
    FROM (SELECT apartment_id,
                 (count(*) FILTER (WHERE d > w - 7))::int AS d7,
                 (count(*) FILTER (WHERE d > w - 30))::int AS d30,
                 count(*)::int AS d90
          FROM (SELECT apartment_id, click_day(clicked_at) AS d FROM old_clicks) c
          WHERE d > w - 90 AND d <= w
          GROUP BY apartment_id) g
    WHERE x.apartment_id = g.apartment_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION click_roll_ups_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Not TRUNCATE: the statement that fired this may be truncating these tables too.
  DELETE FROM click_daily;
  DELETE FROM click_daily_projects;
  DELETE FROM click_windows;
  UPDATE click_windows_state SET day = NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Moves the windows on to end on `target` (today) and answers whether they do: a day
-- at a time from click_daily (the day coming in, the days going out) for a few days,
-- rebuilt for a longer gap. An earlier day than the windows' own is not served (false).
CREATE FUNCTION click_windows_roll_to(target date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  current_day date;
  d date;
BEGIN
  SELECT day INTO current_day FROM click_windows_state WHERE id = 1;
  IF current_day = target THEN RETURN true; END IF;
  IF current_day > target THEN RETURN false; END IF;
  INSERT INTO click_windows_state (id, day) VALUES (1, NULL) ON CONFLICT (id) DO NOTHING;
  SELECT day INTO current_day FROM click_windows_state WHERE id = 1 FOR UPDATE;
  IF current_day = target THEN RETURN true; END IF;
  IF current_day > target THEN RETURN false; END IF;

  IF current_day IS NULL OR target - current_day > 7 THEN
    DELETE FROM click_windows;
    INSERT INTO click_windows (apartment_id, project_id, d7, d30, d90)
    SELECT apartment_id, min(project_id),
           coalesce(sum(clicks) FILTER (WHERE day > target - 7), 0)::int,
           coalesce(sum(clicks) FILTER (WHERE day > target - 30), 0)::int,
           sum(clicks)::int
    FROM click_daily
    WHERE day > target - 90 AND day <= target
    GROUP BY apartment_id;
  ELSE
    d := current_day + 1;
    WHILE d <= target LOOP
      INSERT INTO click_windows (apartment_id, project_id, d7, d30, d90)
      SELECT apartment_id, min(project_id),
             sum(CASE WHEN day = d THEN clicks WHEN day = d - 7 THEN -clicks ELSE 0 END)::int,
             sum(CASE WHEN day = d THEN clicks WHEN day = d - 30 THEN -clicks ELSE 0 END)::int,
             sum(CASE WHEN day = d THEN clicks WHEN day = d - 90 THEN -clicks ELSE 0 END)::int
      FROM click_daily
      WHERE day IN (d, d - 7, d - 30, d - 90)
      GROUP BY apartment_id
      ON CONFLICT (apartment_id) DO UPDATE SET
        d7 = click_windows.d7 + EXCLUDED.d7,
        d30 = click_windows.d30 + EXCLUDED.d30,
        d90 = click_windows.d90 + EXCLUDED.d90;
      d := d + 1;
    END LOOP;
    DELETE FROM click_windows WHERE d90 <= 0;
  END IF;
  UPDATE click_windows_state SET day = target WHERE id = 1;
  RETURN true;
END
$$;
--> statement-breakpoint
CREATE TRIGGER click_events_roll_ups_insert AFTER INSERT ON click_events
  REFERENCING NEW TABLE AS new_clicks FOR EACH STATEMENT EXECUTE FUNCTION click_roll_ups_add();
--> statement-breakpoint
CREATE TRIGGER click_events_roll_ups_delete AFTER DELETE ON click_events
  REFERENCING OLD TABLE AS old_clicks FOR EACH STATEMENT EXECUTE FUNCTION click_roll_ups_remove();
--> statement-breakpoint
CREATE TRIGGER click_events_roll_ups_truncate AFTER TRUNCATE ON click_events
  FOR EACH STATEMENT EXECUTE FUNCTION click_roll_ups_clear();
--> statement-breakpoint
CREATE FUNCTION apartment_status_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- +1 for each apartment coming into a (project, status), -1 for each leaving one.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO apartment_status_counts (project_id, status, count)
    SELECT project_id, status, count(*)::int FROM new_apartments GROUP BY 1, 2
    ON CONFLICT (project_id, status) DO UPDATE SET count = apartment_status_counts.count + EXCLUDED.count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE apartment_status_counts x SET count = x.count - g.n
    FROM (SELECT project_id, status, count(*)::int AS n FROM old_apartments GROUP BY 1, 2) g
    WHERE x.project_id = g.project_id AND x.status = g.status;
    DELETE FROM apartment_status_counts WHERE count <= 0;
  ELSE
    INSERT INTO apartment_status_counts (project_id, status, count)
    SELECT project_id, status, sum(delta)::int
    FROM (SELECT o.project_id, o.status, -1 AS delta
          FROM old_apartments o JOIN new_apartments n ON n.id = o.id
          WHERE o.status <> n.status OR o.project_id <> n.project_id
          UNION ALL
          SELECT n.project_id, n.status, 1
          FROM old_apartments o JOIN new_apartments n ON n.id = o.id
          WHERE o.status <> n.status OR o.project_id <> n.project_id) d
    GROUP BY 1, 2
    ON CONFLICT (project_id, status) DO UPDATE SET count = apartment_status_counts.count + EXCLUDED.count;
    DELETE FROM apartment_status_counts WHERE count <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER apartments_status_counts_insert AFTER INSERT ON apartments
  REFERENCING NEW TABLE AS new_apartments FOR EACH STATEMENT EXECUTE FUNCTION apartment_status_counts_change();
--> statement-breakpoint
CREATE TRIGGER apartments_status_counts_update AFTER UPDATE ON apartments
  REFERENCING OLD TABLE AS old_apartments NEW TABLE AS new_apartments
  FOR EACH STATEMENT EXECUTE FUNCTION apartment_status_counts_change();
--> statement-breakpoint
CREATE TRIGGER apartments_status_counts_delete AFTER DELETE ON apartments
  REFERENCING OLD TABLE AS old_apartments FOR EACH STATEMENT EXECUTE FUNCTION apartment_status_counts_change();
--> statement-breakpoint
CREATE FUNCTION apartment_status_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM apartment_status_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER apartments_status_counts_truncate AFTER TRUNCATE ON apartments
  FOR EACH STATEMENT EXECUTE FUNCTION apartment_status_counts_clear();
--> statement-breakpoint
INSERT INTO apartment_status_counts (project_id, status, count)
SELECT project_id, status, count(*)::int FROM apartments GROUP BY 1, 2;
--> statement-breakpoint
-- Clicks recorded before this migration; the windows are built on the first read.
INSERT INTO click_daily (apartment_id, day, project_id, clicks)
SELECT apartment_id, click_day(clicked_at), min(project_id), count(*)::int FROM click_events GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO click_daily_projects (project_id, day, clicks)
SELECT project_id, click_day(clicked_at), count(*)::int FROM click_events GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO click_windows_state (id, day) VALUES (1, NULL);
