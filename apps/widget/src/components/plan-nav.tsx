import type { PublicPlan } from '@planvy/shared/public-view';
import { useWidget } from '../widget-context';

export interface PlanNavProps {
  plans: PublicPlan[];
  current: number;
  /** The plan "back" returns to, if any (site → building → floor). */
  previous: number | null;
  onBack: () => void;
  onSelect: (index: number) => void;
}

/**
 * Back to the plan the visitor came from, and every plan by its name (ADR 025; never its file
 * name): buttons on wider screens, a native chooser on a phone (the stylesheet shows one of them).
 */
export function PlanNav({ plans, current, previous, onBack, onSelect }: PlanNavProps) {
  const w = useWidget();
  const plan = plans[current];
  const back = previous !== null ? plans[previous] : undefined;
  return (
    <div className="pv-plan-nav">
      {back && (
        <button
          type="button"
          className="pv-back"
          onClick={onBack}
          aria-label={w.t('backTo', { name: back.title })}
        >
          <span aria-hidden="true">←</span> {w.t('back')}
        </button>
      )}
      {plans.length > 1 ? (
        <>
          <nav aria-label={w.t('plans')} className="pv-pages">
            {plans.map((p, i) => (
              <button
                type="button"
                key={p.id}
                aria-current={i === current ? 'page' : undefined}
                onClick={() => onSelect(i)}
              >
                {p.title}
              </button>
            ))}
          </nav>
          <select
            className="pv-plan-pick"
            aria-label={w.t('plans')}
            value={String(current)}
            onChange={(e) => onSelect(Number(e.currentTarget.value))}
          >
            {plans.map((p, i) => (
              <option key={p.id} value={String(i)}>
                {p.title}
              </option>
            ))}
          </select>
        </>
      ) : (
        plan && <p className="pv-plan-title">{plan.title}</p>
      )}
    </div>
  );
}
