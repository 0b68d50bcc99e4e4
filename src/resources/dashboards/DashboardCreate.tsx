import { Create, SimpleForm, TextInput, required } from 'react-admin';

/** A new dashboard needs only its name; it opens right away to add tiles. */
export default function DashboardCreate() {
  return (
    <Create
      redirect="edit"
      transform={(data: { name: string; description?: string }) => ({
        name: data.name,
        description: data.description ?? '',
        tiles: [],
        filters: [],
        refreshSeconds: 0,
      })}
    >
      <SimpleForm>
        <TextInput source="name" label="dashboards.fields.name" validate={required()} autoFocus />
        <TextInput source="description" label="dashboards.fields.description" multiline />
      </SimpleForm>
    </Create>
  );
}
