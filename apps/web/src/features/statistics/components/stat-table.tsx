import type { ReactNode } from 'react';
import { Table } from '@mantine/core';

interface StatTableProps {
  caption: string;
  head: ReactNode[];
  rows: { key: string | number; cells: ReactNode[] }[];
  /** Columns after the first that hold numbers (right-aligned). */
  numeric?: boolean;
  minWidth?: number;
  foot?: ReactNode[];
}

/** A chart's numbers as a plain table, scrolling sideways on a phone rather than squeezing. */
export function StatTable({ caption, head, rows, numeric = true, minWidth = 320, foot }: StatTableProps) {
  const align = (i: number) => (numeric && i > 0 ? 'right' : undefined);
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" captionSide="top">
        <Table.Caption style={{ textAlign: 'left' }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell, i) => (
              <Table.Th key={i} ta={align(i)} scope="col">
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <Table.Th key={i} scope="row" fw={500}>
                    {cell}
                  </Table.Th>
                ) : (
                  <Table.Td key={i} ta={align(i)} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {cell}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {foot && (
          <Table.Tfoot>
            <Table.Tr>
              {foot.map((cell, i) => (
                <Table.Th key={i} ta={align(i)}>
                  {cell}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
