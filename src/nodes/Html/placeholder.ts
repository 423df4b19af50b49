// The HTML template a new HTML node starts with. n8n leaves parameters that equal their default
// out of saved workflows, so this text must match n8n's for such workflows to render the same.
export const HTML_PLACEHOLDER = `
<!DOCTYPE html>

<html>
<head>
  <meta charset="UTF-8" />
  <title>Document</title>
</head>
<body>
  <div class="container">
    <h1>This is a Heading</h1>
    <p>This is a paragraph.</p>
    <div>Some more content!</div>
  </div>
</body>
</html>

<style>
.container {
  background-color: lightblue;
  text-align: center;
  padding: 16px;
  border-radius: 10px;
}

h1 {
  color: purple;
  font-size: 24px;
  font-weight: bold;
  padding: 8px;
}
</style>

<script>
console.log("Hello World!");
</script>
`.trim();
