Based on this ${history}, generate the response for 
${to}, signed by ${user}