import type { PublicPlan } from '@planvy/shared/src/public-view';
import { planTitle } from '../format';
import { useWidget } from '../widget-context';

export interface PlanNavProps {
  plans: PublicPlan[];
  current: number;
  /** The plan "back" returns to, if any (site → building → floor). */
  previous: number | null;
  onBack: () => void;
  onSelect: (index: number) => void;
}

/** Back to the plan the visitor came from, and numbered page buttons for every plan. */
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
          aria-label={w.t('backTo', { name: planTitle(back.name) })}
        >
          <span aria-hidden="true">←</span> {w.t('back')}
        </button>
      )}
      {plan && <p className="pv-plan-title">{planTitle(plan.name)}</p>}
      {plans.length > 1 && (
        <nav aria-label={w.t('plans')} className="pv-pages">
          {plans.map((p, i) => (
            <button
              type="button"
              key={p.id}
              aria-current={i === current ? 'page' : undefined}
              aria-label={w.t('planPage', { n: i + 1, name: planTitle(p.name) })}
              title={planTitle(p.name)}
              onClick={() => onSelect(i)}
            >
              {i + 1}
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}
