import { Show, SimpleShowLayout, TextField, useRecordContext } from 'react-admin';
import { Markdown } from '../../ui/markdown/Markdown';

function Body() {
  const record = useRecordContext();
  return <Markdown>{String(record?.body ?? '')}</Markdown>;
}

/** The read view of a help section, for every signed-in user. */
export default function HelpSectionShow() {
  return (
    <Show>
      <SimpleShowLayout>
        <TextField source="title" label="platform.helpsections.fields.title" variant="h5" />
        <Body />
      </SimpleShowLayout>
    </Show>
  );
}
