import { createHash } from 'node:crypto';
import {
  DEFAULT_STYLES,
  isOn,
  settingsFromRows,
  fileNames,
  linkHref,
  mergeStyles,
  projectFileUrl,
  type PublicView,
  type StyleTriple,
  withShownAmounts,
} from '@planvy/shared';
import type { DbOrTx } from '../../db/client';
import { listBuildingNumbers } from '../building-numbers/repository';
import { readSettings } from '../settings/repository';
import { publicRelease } from '../releases/wishes';
import { publicSunStudy } from '../sunstudy/service';
import * as repo from './repository';

/** Builds the public view of a project, or undefined when there is none. */
export async function buildPublicView(db: DbOrTx, projectId: number): Promise<PublicView | undefined> {
  const project = await repo.findProject(db, projectId);
  if (!project) return undefined;
  const [settingRows, plans, apartments, styles, buildingNumbers, release] = await Promise.all([
    readSettings(db, projectId),
    repo.plansOf(db, projectId),
    repo.apartmentsOf(db, projectId),
    repo.stylesOf(db, projectId),
    listBuildingNumbers(db, projectId),
    publicRelease(db, projectId),
  ]);
  const buildings = await repo.planBuildings(
    db,
    plans.map((p) => p.id),
  );
  const { settings } = settingsFromRows(settingRows);
  const showInformation = isOn(settings, 'use_apartment_information');
  if (!showInformation) {
    settings.link_to_project = '';
    settings.project_email = '';
  }
  const planNames = new Set(plans.map((p) => p.name));
  const sunStudy = isOn(settings, 'show_sun_study') ? await publicSunStudy(db, projectId) : [];
  const moves = isOn(settings, 'show_price_drop') ? await repo.latestPriceMoves(db, projectId) : null;
  /** The price before the latest change, when that change lowered it to the price shown now. */
  const priceBefore = (id: number, shown: number | null) => {
    const move = moves?.get(id);
    return move && shown !== null && move.to === shown && move.from !== null && move.from > shown
      ? move.from
      : null;
  };

  return {
    project,
    settings,
    styles: mergeStyles(
      DEFAULT_STYLES,
      styles.map((s): StyleTriple => [s.key, s.attr, s.value]),
    ),
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      title: p.title,
      url: projectFileUrl(projectId, p.name),
      version: p.version,
      background_url: p.data ? projectFileUrl(projectId, p.data) : null,
      buildings: buildings
        .filter((b) => b.file_id === p.id)
        .map((b) => ({ id: b.id, label: b.label, label_svg: b.label_svg })),
    })),
    apartments: apartments.map(({ file_name, ...a }) => {
      // Prices of inactive apartments never leave the server.
      const shown = withShownAmounts(a);
      return {
        ...shown,
        ...(moves ? { price_before: priceBefore(a.id, shown.price) } : {}),
        // Links stored before the link rule existed never reach buyers unless they pass it.
        link: linkHref(a.link, true) ?? '',
        info: a.info.filter((i) => linkHref(i.url) !== null),
        plans: fileNames(file_name).filter((n) => planNames.has(n)),
      };
    }),
    buildings: buildingNumbers.map((b) => ({ id: b.id, label: b.label })),
    sun_study: sunStudy,
    ...(release ? { release } : {}),
  };
}

export interface CachedView {
  body: Buffer;
  etag: string;
  /** The project's apartments, so a click is checked without a query. */
  apartmentIds: ReadonlySet<number>;
  expires: number;
}

/** A project that does not exist is remembered too, so a flood of clicks for it costs no queries. */
interface Missing {
  missing: true;
  expires: number;
}

/**
 * A short-lived cache of serialised views: under load most requests are answered
 * from memory, and a change is visible within `ttlMs`.
 */
export class PublicViewCache {
  private readonly entries = new Map<number, CachedView | Missing>();
  private readonly pending = new Map<number, Promise<CachedView | undefined>>();
  /** Bumped by every invalidation, so a read that started before a write never stores what it read. */
  private readonly generations = new Map<number, number>();

  constructor(
    private readonly load: (projectId: number) => Promise<PublicView | undefined>,
    private readonly ttlMs: number,
  ) {}

  async get(projectId: number): Promise<CachedView | undefined> {
    const hit = this.entries.get(projectId);
    if (hit && hit.expires > Date.now()) return 'missing' in hit ? undefined : hit;
    // One database read per project at a time, however many requests wait for it.
    let pending = this.pending.get(projectId);
    if (!pending) {
      const started = this.refresh(projectId).finally(() => {
        if (this.pending.get(projectId) === started) this.pending.delete(projectId);
      });
      pending = started;
      this.pending.set(projectId, pending);
    }
    return pending;
  }

  /** Drops the project's view (every write that changes what the widget shows calls this). */
  invalidate(projectId?: number): void {
    if (projectId === undefined) {
      for (const id of new Set([...this.entries.keys(), ...this.pending.keys()])) this.invalidate(id);
      return;
    }
    this.entries.delete(projectId);
    this.pending.delete(projectId);
    this.generations.set(projectId, (this.generations.get(projectId) ?? 0) + 1);
  }

  private async refresh(projectId: number): Promise<CachedView | undefined> {
    const generation = this.generations.get(projectId) ?? 0;
    const view = await this.load(projectId);
    const expires = Date.now() + this.ttlMs;
    // A read that started before a write stores nothing: the write's invalidation wins.
    const current = (this.generations.get(projectId) ?? 0) === generation;
    // Bounded: at most 5,000 projects, known or not, are remembered at a time.
    if (current && this.entries.size >= 5000) this.entries.clear();
    if (!view) {
      if (current) this.entries.set(projectId, { missing: true, expires });
      return undefined;
    }
    const body = Buffer.from(JSON.stringify(view));
    const entry: CachedView = {
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
      apartmentIds: new Set(view.apartments.map((a) => a.id)),
      expires,
    };
    if (!current) return entry;
    this.entries.set(projectId, entry);
    return entry;
  }
}
