import { useCan } from '../../../hooks/use-can';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Group, Menu, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { confirmOverPlan } from './confirm-over-plan';
import { ShapeWarnings } from './shape-warnings';
import {
  IconArrowRight,
  IconBuildingCommunity,
  IconExternalLink,
  IconHomePlus,
  IconLink,
  IconLinkOff,
  IconUnlink,
} from '../../../components/ui/icons';
import { useTranslation } from 'react-i18next';
import {
  buildingLabelText,
  compareApartments,
  fileNames,
  statusLabel,
  type Apartment,
  type BuildingNumber,
  type PlanSummary,
  type Project,
} from '@planvy/shared';
import type { ShapeWarning } from '../editor/plan-stage';
import { useOpenPopup, type PopupStore } from '../hooks/use-zone-popup';
import { buildingForPlan } from '../link-building';
import type { ApartmentFormSlot, PopupStep, ZonePopupState } from '../types';

export interface ZonePopupProps {
  /** The popup open now (null: closed); only this component re-renders when it changes. */
  store: PopupStore;
  project: Project;
  planName: string;
  plans: PlanSummary[];
  apartments: Apartment[];
  buildingNumbers: BuildingNumber[];
  lang: 'sv' | 'en';
  renderApartmentForm: (slot: ApartmentFormSlot) => ReactNode;
  /** What speaks against a shape becoming a zone (shown for a shape not saved yet). */
  shapeWarnings?: (zone: Element) => ShapeWarning[];
  /** Picks the shape around a picked one instead (the pick tool only). */
  onStepOut?: () => void;
  onClose: () => void;
  /** A new apartment was created on the zone (add step). */
  onCreated: (apartment: Apartment) => void;
  onAttach: (apartment: Apartment) => void;
  /** Links the zone to a plan, as the building `buildingNumberId` when one is chosen. */
  onLink: (target: string, buildingNumberId: number | null) => void;
  onUnlink: () => void;
  onDetach: () => void;
  onFollow: (target: string) => void;
}

type Choice = 'add' | 'attach' | 'link';

/**
 * The apartment popup (spec §2, §4): a zone without data first asks what it should be
 * (add apartment, attach an existing one, link to another plan), then Next or Cancel.
 * A link zone opens at the link step, an apartment zone at the apartment form.
 */
export function ZonePopup(props: ZonePopupProps) {
  const { store, onClose } = props;
  const state = useOpenPopup(store);
  // While the dialog fades out, it keeps showing what it showed.
  const last = useRef<ZonePopupState | null>(null);
  if (state) last.current = state;
  const shown = state ?? last.current;
  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      size="lg"
      title={<PopupTitle state={shown} />}
      // No enter transition: it would wait for animation frames before rendering the dialog.
      transitionProps={{ duration: 0, exitDuration: 120 }}
      keepMounted={false}
      // Locking the page's scroll restyles <body>, and every inherited change restyles
      // the whole plan behind the dialog: half a second for 100,000 elements.
      lockScroll={false}
    >
      {shown && <PopupBody key={shown.key} {...props} state={shown} />}
    </Modal>
  );
}

function PopupTitle({ state }: { state: ZonePopupState | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  if (state.step === 'apartment' && state.apartment) {
    return <>{t('plans.popup.apartmentTitle', { bostad: state.apartment.bostad })}</>;
  }
  if (state.step === 'link') return <>{t('plans.popup.linkTitle')}</>;
  if (state.step === 'broken') return <>{t('plans.popup.brokenTitle')}</>;
  return <>{t('plans.popup.zoneTitle')}</>;
}

function PopupBody(props: ZonePopupProps & { state: ZonePopupState }) {
  const { state, project, planName, renderApartmentForm, onClose, onCreated, onDetach } = props;
  const { t } = useTranslation();
  const editsPlans = useCan()('plan.edit', project);
  const [step, setStep] = useState<PopupStep>(state.step);
  const [choice, setChoice] = useState<Choice>('add');

  if (step === 'choice') {
    const unsaved = state.zone.hasAttribute('data-temp-id');
    return (
      <Stack gap="md">
        {unsaved && (
          <ShapeWarnings warnings={props.shapeWarnings?.(state.zone) ?? []} onStepOut={props.onStepOut} />
        )}
        {state.unknownId && (
          <Alert color="yellow" variant="light">
            {t('plans.popup.unknownApartment', { id: state.unknownId })}
          </Alert>
        )}
        <Radio.Group label={t('plans.popup.choiceLabel')} value={choice} onChange={setChoice}>
          <Stack gap="sm" mt="xs">
            <Radio.Card value="add" p="sm" radius="md">
              <ChoiceCard icon={<IconHomePlus size={20} aria-hidden />} label={t('plans.popup.add')}>
                {t('plans.popup.addDescription')}
              </ChoiceCard>
            </Radio.Card>
            <Radio.Card value="attach" p="sm" radius="md">
              <ChoiceCard icon={<IconLink size={20} aria-hidden />} label={t('plans.popup.attach')}>
                {t('plans.popup.attachDescription')}
              </ChoiceCard>
            </Radio.Card>
            <Radio.Card value="link" p="sm" radius="md">
              <ChoiceCard
                icon={<IconBuildingCommunity size={20} aria-hidden />}
                label={t('plans.popup.link')}
              >
                {t('plans.popup.linkDescription')}
              </ChoiceCard>
            </Radio.Card>
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('plans.popup.cancel')}
          </Button>
          <Button rightSection={<IconArrowRight size={16} aria-hidden />} onClick={() => setStep(choice)}>
            {t('plans.popup.next')}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (step === 'add') {
    return (
      <>
        {renderApartmentForm({
          defaults: { file_name: planName },
          onSaved: onCreated,
          onCancel: () => setStep('choice'),
        })}
      </>
    );
  }

  if (step === 'attach') return <AttachStep {...props} onBack={() => setStep('choice')} />;
  if (step === 'link' || step === 'broken') {
    return (
      <LinkStep
        {...props}
        broken={step === 'broken'}
        onBack={state.step === 'choice' ? () => setStep('choice') : undefined}
      />
    );
  }

  // An apartment zone: the apartment form, with Detach from zone for admins.
  const apartment = state.apartment;
  if (!apartment) return null;
  const confirmDetach = () =>
    confirmOverPlan({
      title: t('plans.popup.detachTitle'),
      children: <Text size="sm">{t('plans.popup.detachConfirm')}</Text>,
      labels: { confirm: t('plans.popup.detachButton'), cancel: t('plans.popup.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: onDetach,
    });
  return (
    <>
      {renderApartmentForm({
        apartment,
        onSaved: () => onClose(),
        onCancel: onClose,
        extraActions: editsPlans ? (
          <Menu.Item color="red" leftSection={<IconUnlink size={16} aria-hidden />} onClick={confirmDetach}>
            {t('plans.popup.detach')}
          </Menu.Item>
        ) : undefined,
      })}
    </>
  );
}

function ChoiceCard({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group wrap="nowrap" align="flex-start" gap="sm">
      <Radio.Indicator />
      {icon}
      <div>
        <Text fw={600} size="sm">
          {label}
        </Text>
        <Text size="xs" c="dimmed">
          {children}
        </Text>
      </div>
    </Group>
  );
}

function AttachStep({
  state,
  apartments,
  planName,
  project,
  lang,
  shapeWarnings,
  onStepOut,
  onAttach,
  onBack,
}: ZonePopupProps & { state: ZonePopupState; onBack: () => void }) {
  const { t } = useTranslation();
  // The placement loop's apartment comes chosen, with Save focused: Enter attaches it (ADR 029).
  // Focused here too, as the dialog focuses only when it opens, not when a step out replaces the shape.
  const suggested = state.suggested;
  const [value, setValue] = useState<string | null>(suggested ? String(suggested.id) : null);
  const save = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (suggested) save.current?.focus();
  }, [suggested]);
  const unsaved = state.zone.hasAttribute('data-temp-id');
  // Apartments already on this plan cannot be attached to it again (spec §5).
  const options = useMemo(
    () =>
      apartments
        .filter((a) => !fileNames(a.file_name).includes(planName))
        .sort(compareApartments('bostad', false))
        .map((a) => ({
          value: String(a.id),
          label: t('plans.popup.apartmentOption', {
            bostad: a.bostad || `#${a.id}`,
            status: statusLabel(a.status, project.type, lang),
          }),
        })),
    [apartments, planName, project.type, lang, t],
  );
  const chosen = value ? apartments.find((a) => String(a.id) === value) : undefined;

  return (
    <Stack gap="md">
      {unsaved && <ShapeWarnings warnings={shapeWarnings?.(state.zone) ?? []} onStepOut={onStepOut} />}
      <Text fw={600}>{t('plans.popup.attachTitle')}</Text>
      {options.length === 0 ? (
        <Alert color="gray">{t('plans.popup.noApartments')}</Alert>
      ) : (
        <Select
          label={t('plans.popup.apartment')}
          placeholder={t('plans.popup.apartmentPlaceholder')}
          data={options}
          value={value}
          onChange={setValue}
          searchable
          clearable
          limit={100}
          nothingFoundMessage={t('plans.popup.nothingFound')}
          comboboxProps={{ withinPortal: true }}
          data-autofocus={suggested ? undefined : true}
        />
      )}
      <Group justify="space-between" gap="sm">
        <Button variant="subtle" onClick={onBack}>
          {t('plans.popup.back')}
        </Button>
        <Button
          ref={save}
          disabled={!chosen}
          onClick={() => chosen && onAttach(chosen)}
          data-autofocus={suggested ? true : undefined}
        >
          {t('plans.popup.save')}
        </Button>
      </Group>
    </Stack>
  );
}

function LinkStep({
  state,
  project,
  planName,
  plans,
  buildingNumbers,
  broken,
  onLink,
  onUnlink,
  onFollow,
  onClose,
  onBack,
}: ZonePopupProps & { state: ZonePopupState; broken: boolean; onBack?: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const editsPlans = can('plan.edit', project);
  const setsBuilding = can('apartment.setBuildingNumber', project);
  const current = broken ? undefined : state.linkTarget;
  const currentBuilding = state.buildingNumberId ?? null;
  const [value, setValue] = useState<string | null>(current ?? null);
  const [building, setBuilding] = useState<string | null>(
    currentBuilding === null ? null : String(currentBuilding),
  );
  /** The building was chosen (or cleared) by hand: a plan chosen later no longer suggests one. */
  const [buildingChosen, setBuildingChosen] = useState(currentBuilding !== null);
  const chooseTarget = (next: string | null) => {
    setValue(next);
    if (buildingChosen || !setsBuilding) return;
    const title = plans.find((p) => p.name === next)?.title ?? '';
    const suggested = buildingForPlan(title, buildingNumbers);
    setBuilding(suggested === null ? null : String(suggested));
  };
  // A zone cannot link to the plan it is on (spec §5).
  const options = plans.filter((p) => p.name !== planName).map((p) => ({ value: p.name, label: p.title }));
  const linkedTitle = plans.find((p) => p.name === state.linkTarget)?.title ?? state.linkTarget ?? '';
  const buildingOptions = buildingNumbers.map((b) => ({
    value: String(b.id),
    label: buildingLabelText(b.label),
  }));
  const chosenBuilding = building === null ? null : Number(building);
  const changed = value !== null && (value !== current || chosenBuilding !== currentBuilding);

  const confirmUnlink = () =>
    confirmOverPlan({
      title: t('plans.popup.unlinkTitle'),
      children: <Text size="sm">{t('plans.popup.unlinkConfirm', { target: linkedTitle })}</Text>,
      labels: { confirm: t('plans.popup.unlink'), cancel: t('plans.popup.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: onUnlink,
    });

  return (
    <Stack gap="md">
      {broken && (
        <Alert color="red" variant="light" icon={<IconLinkOff aria-hidden />}>
          {t('plans.popup.broken', { target: state.linkTarget ?? '' })}
        </Alert>
      )}
      {options.length === 0 ? (
        <Alert color="gray">{t('plans.popup.noOtherPlans')}</Alert>
      ) : (
        <>
          <Select
            label={t('plans.popup.linkTarget')}
            placeholder={t('plans.popup.linkPlaceholder')}
            data={options}
            value={value}
            onChange={chooseTarget}
            allowDeselect={false}
            disabled={!editsPlans}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('plans.popup.linkBuilding')}
            description={t('plans.popup.linkBuildingDescription')}
            placeholder={
              buildingOptions.length === 0
                ? t('plans.popup.noBuildingNumbers')
                : t('plans.popup.linkBuildingNone')
            }
            data={buildingOptions}
            value={building}
            onChange={(next) => {
              setBuilding(next);
              setBuildingChosen(true);
            }}
            clearable
            disabled={!setsBuilding || buildingOptions.length === 0}
            comboboxProps={{ withinPortal: true }}
          />
        </>
      )}
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {onBack && (
            <Button variant="subtle" onClick={onBack}>
              {t('plans.popup.back')}
            </Button>
          )}
          {editsPlans && current && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconUnlink size={16} aria-hidden />}
              onClick={confirmUnlink}
            >
              {t('plans.popup.unlink')}
            </Button>
          )}
          {editsPlans && broken && (
            <Button
              variant="light"
              color="red"
              leftSection={<IconLinkOff size={16} aria-hidden />}
              onClick={onUnlink}
            >
              {t('plans.popup.clearLink')}
            </Button>
          )}
        </Group>
        <Group gap="sm">
          {current && (
            <Button
              variant={editsPlans ? 'default' : 'filled'}
              leftSection={<IconExternalLink size={16} aria-hidden />}
              onClick={() => onFollow(current)}
            >
              {t('plans.popup.follow')}
            </Button>
          )}
          {!current && !editsPlans && (
            <Button variant="default" onClick={onClose}>
              {t('plans.popup.cancel')}
            </Button>
          )}
          {editsPlans && (
            <Button disabled={!changed} onClick={() => value && onLink(value, chosenBuilding)}>
              {t('plans.popup.save')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}
