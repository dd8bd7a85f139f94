using System;
using System.Collections.Generic;
using System.Data;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using UiPath.CodedWorkflows;
using UiPath.Core;
using UiPath.Core.Activities.Storage;
using UiPath.Orchestrator.Client.Models;

namespace Invoice.Processing
{
    /// <summary>
    /// Reads an invoice's text from the invoice folder. Main.xaml invokes it as "Read Invoice".
    /// </summary>
    public class ReadInvoice : CodedWorkflow
    {
        private static readonly Regex InvoiceNumber = new Regex(@"^INV-\d+$");

        [Workflow]
        public string Execute(string invoiceNumber)
        {
            Log($"Reading invoice {invoiceNumber}");
            var checkedNumber = Check(invoiceNumber);
            var folder = Environment.GetEnvironmentVariable("INVOICE_FOLDER") ?? @"C:\Invoices";
            var path = Path.Combine(folder, checkedNumber + ".txt");
            return File.Exists(path) ? File.ReadAllText(path) : string.Empty;
        }

        /// <summary>
        /// Invoice numbers come from the queue as typed by the vendor portal; only INV-<digits> is booked.
        /// </summary>
        private static string Check(string invoiceNumber)
        {
            if (string.IsNullOrWhiteSpace(invoiceNumber))
            {
                throw new ArgumentException("An invoice number is required", nameof(invoiceNumber));
            }
            if (!InvoiceNumber.IsMatch(invoiceNumber))
            {
                throw new FormatException($"Invoice number '{invoiceNumber}' is not of the form INV-<digits>");
            }
            return invoiceNumber;
        }
    }
}
