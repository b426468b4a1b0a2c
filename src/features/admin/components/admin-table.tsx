// One table markup for every list in the console (players, ledger, bets, settlement,
// feed, audit): typed columns over rows, numeric columns right-aligned, an optional
// empty message in place of an empty table, and an optional scrolling frame for long lists.
import type { ComponentProps, ReactNode } from "react";
import { Empty } from "./view-state";

export type AdminColumn<Row> = {
  /** The header text; omit for an unlabelled action column. */
  header?: string;
  /** Right-aligned figures: class "num" on the header and the cells, or on the cells only. */
  num?: boolean | "cells";
  /** Extra classes for a cell, fixed or from its row. */
  className?: string | ((row: Row) => string | undefined);
  cell(row: Row): ReactNode;
};

type RowProps = ComponentProps<"tr"> & { [data: `data-${string}`]: string };

// The row type comes from `rows` alone (NoInfer elsewhere), so a column may reuse a
// renderer written for a wider shape.
type Props<Row> = {
  columns: AdminColumn<NoInfer<Row>>[];
  rows: readonly Row[];
  rowKey(row: NoInfer<Row>): string | number;
  /** Attributes of a row's <tr> (selected state, data ids, titles). */
  rowProps?(row: NoInfer<Row>): RowProps;
  /** Shown instead of the table when there are no rows; without it an empty table is shown. */
  empty?: ReactNode;
  /** A long list: the table scrolls inside a frame of limited height. */
  scroll?: boolean;
};

function cellClass<Row>(column: AdminColumn<Row>, row: Row): string | undefined {
  const extra = typeof column.className === "function" ? column.className(row) : column.className;
  const classes = [column.num ? "num" : undefined, extra].filter(Boolean).join(" ");
  return classes || undefined;
}

export function AdminTable<Row>({ columns, rows, rowKey, rowProps, empty, scroll = false }: Props<Row>) {
  if (rows.length === 0 && empty !== undefined) return <Empty>{empty}</Empty>;
  return (
    // A scrolling frame takes keyboard focus, so its rows below the fold can be scrolled to without a mouse.
    <div className={scroll ? "admin-table-wrap admin-scroll" : "admin-table-wrap"} tabIndex={scroll ? 0 : undefined}>
      <table className="admin-table">
        <thead>
          <tr>
            {columns.map((column, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed for its life
              <th key={i} className={column.num === true ? "num" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowProps?.(row)}>
              {columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a table's columns are fixed for its life
                <td key={i} className={cellClass(column, row)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
