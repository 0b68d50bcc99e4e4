/** A map tooltip's formatter, as the region map's option holds it. */
export interface ChartSeriesTooltip {
  formatter: (params: { name: string; data?: { label: string; value: unknown } }) => string;
}
