import { useMemo, useState } from 'react';
import {
  Button,
  Group,
  Modal,
  NumberInput,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PRICE_ROUNDINGS,
  previewPriceChange,
  type Apartment,
  type PriceAdjustField,
  type PriceAdjustKind,
  type PriceAdjustment,
  type PriceRounding,
} from '@planvy/shared';
import { formatAmount, type Lang } from '../apartment-table';

interface MassPriceModalProps {
  opened: boolean;
  onClose: () => void;
  /** The checked apartments, as the table shows them. */
  apartments: readonly Apartment[];
  lang: Lang;
  currency: string;
  saving: boolean;
  onSave: (adjustment: PriceAdjustment) => void;
}

const isKind = (v: string): v is PriceAdjustKind => v === 'percent' || v === 'amount' || v === 'set';
const isField = (v: string): v is PriceAdjustField => v === 'price' || v === 'fee';

/**
 * One price rule for the checked apartments, previewed apartment by apartment with the very
 * function the server applies (price-adjust.ts) before anything is saved.
 */
export function MassPriceModal({
  opened,
  onClose,
  apartments,
  lang,
  currency,
  saving,
  onSave,
}: MassPriceModalProps) {
  const { t } = useTranslation();
  const [field, setField] = useState<PriceAdjustField>('price');
  const [kind, setKind] = useState<PriceAdjustKind>('percent');
  const [value, setValue] = useState<number | string>('');
  const [roundTo, setRoundTo] = useState<PriceRounding>(1000);
  const adjustment: PriceAdjustment | null =
    typeof value === 'number' ? { field, kind, value, round_to: roundTo } : null;
  const preview = useMemo(
    () => (adjustment ? previewPriceChange(apartments, adjustment) : null),
    // The adjustment is rebuilt each render from these.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [apartments, field, kind, value, roundTo],
  );
  const bostad = new Map(apartments.map((a) => [a.id, a.bostad]));
  const money = (n: number | null) => formatAmount(n, lang, currency);
  const changed = preview?.changed.length ?? 0;
  const outOfRange = kind === 'percent' && typeof value === 'number' && (value < -90 || value > 500);

  return (
    <Modal opened={opened} onClose={onClose} title={t('apartments.massPrice.title')} size="lg">
      <Stack gap="sm">
        <SegmentedControl
          aria-label={t('apartments.massPrice.field')}
          value={field}
          onChange={(v) => isField(v) && setField(v)}
          data={[
            { value: 'price', label: t('apartments.massPrice.price') },
            { value: 'fee', label: t('apartments.massPrice.fee') },
          ]}
          w="fit-content"
        />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('apartments.massPrice.kind')}
            value={kind}
            onChange={(v) => v && isKind(v) && setKind(v)}
            allowDeselect={false}
            data={[
              { value: 'percent', label: t('apartments.massPrice.percent') },
              { value: 'amount', label: t('apartments.massPrice.amount') },
              { value: 'set', label: t('apartments.massPrice.set') },
            ]}
            w={200}
          />
          <NumberInput
            label={
              kind === 'percent'
                ? t('apartments.massPrice.valuePercent')
                : t('apartments.massPrice.valueAmount', { currency })
            }
            value={value}
            onChange={setValue}
            thousandSeparator=" "
            decimalSeparator={lang === 'sv' ? ',' : '.'}
            allowNegative={kind !== 'set'}
            error={outOfRange ? t('apartments.massPrice.percentRange') : undefined}
            w={180}
            data-autofocus
          />
          <Select
            label={t('apartments.massPrice.round')}
            value={String(roundTo)}
            onChange={(v) => v && setRoundTo(Number(v) as PriceRounding)}
            allowDeselect={false}
            data={PRICE_ROUNDINGS.map((n) => ({ value: String(n), label: money(n) }))}
            w={160}
          />
        </Group>
        {preview && (
          <>
            <Text size="sm" aria-live="polite">
              {t('apartments.massPrice.summary', { count: changed, total: apartments.length })}
            </Text>
            <ScrollArea.Autosize mah={280}>
              <Table striped aria-label={t('apartments.massPrice.preview')} data-testid="price-preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('apartments.massPrice.bostad')}</Table.Th>
                    <Table.Th>{t('apartments.massPrice.before')}</Table.Th>
                    <Table.Th>{t('apartments.massPrice.after')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.rows.map((r) => (
                    <Table.Tr key={r.id} fw={r.after !== r.before ? 600 : undefined}>
                      <Table.Td>{bostad.get(r.id)}</Table.Td>
                      <Table.Td>{money(r.before)}</Table.Td>
                      <Table.Td>
                        {r.after === r.before ? t('apartments.massPrice.unchanged') : money(r.after)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            onClick={() => adjustment && onSave(adjustment)}
            disabled={!adjustment || changed === 0 || outOfRange}
            loading={saving}
          >
            {t('apartments.massPrice.save', { count: changed })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
