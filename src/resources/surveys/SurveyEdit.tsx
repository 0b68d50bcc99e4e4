import {
  DeleteWithConfirmButton,
  Edit,
  SaveButton,
  ShowButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
} from 'react-admin';
import { SurveyFormFields, toSurveyPayload } from './SurveyFormFields';
import { SurveyStatusButtons } from './SurveyStatusButtons';

function SurveyEditActions() {
  return (
    <TopToolbar>
      <SurveyStatusButtons />
      <ShowButton label="surveys.actions.answersAndResults" />
    </TopToolbar>
  );
}

function SurveyEditToolbar() {
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteWithConfirmButton mutationMode="pessimistic" />
    </Toolbar>
  );
}

export default function SurveyEdit() {
  return (
    <Edit
      transform={toSurveyPayload}
      mutationMode="pessimistic"
      redirect={false}
      actions={<SurveyEditActions />}
    >
      <SimpleForm toolbar={<SurveyEditToolbar />}>
        <SurveyFormFields />
      </SimpleForm>
    </Edit>
  );
}
