// Mantine CSS of the components only the checkout uses (app/mantine-styles.ts loads the common ones).
import '@mantine/core/styles/Stepper.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/List.css';
