r = GET "http://169.254.169.254/latest/meta-data/"
TALK "never"
