-- Custom migration (drizzle-kit generate --custom): the click roll-up triggers of
-- 0006_statistics_roll_ups.sql also keep click_yearly (clicks per apartment and calendar
-- year of the Swedish day) equal to click_events, in the same statement. The functions are
-- 0006's, with click_yearly added. Decision record 013.
CREATE OR REPLACE FUNCTION click_roll_ups_add() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w date;
BEGIN
  INSERT INTO click_daily (apartment_id, day, project_id, clicks)
  SELECT apartment_id, click_day(clicked_at), min(project_id), count(*)::int
  FROM new_clicks GROUP BY 1, 2
  ON CONFLICT (apartment_id, day) DO UPDATE SET clicks = click_daily.clicks + EXCLUDED.clicks;

  INSERT INTO click_yearly (apartment_id, year, project_id, clicks)
  SELECT apartment_id, extract(year FROM click_day(clicked_at))::int, min(project_id), count(*)::int
  FROM new_clicks GROUP BY 1, 2
  ON CONFLICT (apartment_id, year) DO UPDATE SET clicks = click_yearly.clicks + EXCLUDED.clicks;

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
CREATE OR REPLACE FUNCTION click_roll_ups_remove() RETURNS trigger LANGUAGE plpgsql AS $$
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

  DELETE FROM click_yearly x
  USING (SELECT apartment_id, extract(year FROM click_day(clicked_at))::int AS year, count(*)::int AS n
         FROM old_clicks GROUP BY 1, 2) g
  WHERE x.apartment_id = g.apartment_id AND x.year = g.year AND x.clicks <= g.n;
  UPDATE click_yearly x SET clicks = x.clicks - g.n
  FROM (SELECT apartment_id, extract(year FROM click_day(clicked_at))::int AS year, count(*)::int AS n
        FROM old_clicks GROUP BY 1, 2) g
  WHERE x.apartment_id = g.apartment_id AND x.year = g.year;

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
CREATE OR REPLACE FUNCTION click_roll_ups_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Not TRUNCATE: the statement that fired this may be truncating these tables too.
  DELETE FROM click_daily;
  DELETE FROM click_yearly;
  DELETE FROM click_daily_projects;
  DELETE FROM click_windows;
  UPDATE click_windows_state SET day = NULL;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO click_yearly (apartment_id, year, project_id, clicks)
SELECT apartment_id, extract(year FROM click_day(clicked_at))::int, min(project_id), count(*)::int
FROM click_events GROUP BY 1, 2;
