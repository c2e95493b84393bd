/** A page of a console list: its rows, and where it is among all of them. */
export interface ConsolePage<Row> {
  data: Row[];
  meta: { page: number; pageSize: number; total: number };
}
